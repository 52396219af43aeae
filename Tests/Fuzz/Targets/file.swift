@testable import CatalogKit

#if canImport(Glibc)
    import Glibc
#endif

/// Fuzzes ``CatalogFile/parse(_:)``: any bytes either parse or give an error on a line that exists. A parsed
/// catalog must group into a hierarchy that keeps its invariants at a few limits, and every entry's text must come
/// back as valid strings. The fast line reader must give exactly what the exact path gives: the same error, or the
/// same entries, folded text and order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    checkNames(bytes)
    let lineCount = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    let fast = outcome(bytes, plainLines: true)
    let exact = outcome(bytes, plainLines: false)
    if fast != exact { fail("the fast reader gave \(fast), the exact path \(exact)") }
    let snapshot: Snapshot<Never>
    do {
        snapshot = try CatalogFile.parse(bytes)
    } catch let error as CatalogFile.Error {
        if !(1...lineCount).contains(error.line) { fail("error on line \(error.line) of \(lineCount): \(error)") }
        if error.description.contains("\n") { fail("a multi-line error: \(error.description.debugDescription)") }
        return 0
    } catch {
        fail("an unexpected error: \(error)")
    }
    let table = snapshot.table
    if table.count >= lineCount + 1 { fail("\(table.count) entries from \(lineCount) lines") }
    if Set(snapshot.recordsInOrder).count != table.count { fail("the order is not a permutation") }
    var paths = Set<[UInt8]>()
    for record in 0..<table.count {
        // Identity is the path's canonical form (its root and components, bytes that are not UTF-8 as U+FFFD).
        var scratch: [UInt8] = []
        let path = table.withPathBytes(record) { bytes in
            ShellPath.withCanonical(bytes, scratch: &scratch) { Array($0) }
        }
        if path.isEmpty || table.title(record).isEmpty { fail("an empty path or title on record \(record)") }
        if !paths.insert(path).inserted {
            fail("duplicate path \(String(decoding: path, as: UTF8.self).debugDescription) was accepted")
        }
        _ = table.keywords(record)
        _ = table.groups(record)
    }
    for maxChildren in [2, 3, 10] {
        do {
            let hierarchy = try Hierarchy(snapshot, maxChildren: maxChildren)
            try hierarchy.checkInvariants()
            for record in snapshot.recordsInOrder where hierarchy.path(to: record) == nil {
                fail("no path to record \(record) at \(maxChildren)")
            }
        } catch {
            fail("hierarchy at \(maxChildren): \(error)")
        }
    }
    return 0
}

/// Reads the bytes as names (`--flat`, `--read0`, `--delimiter`, with or without `--ansi`, chosen by the first
/// byte): they either parse or give a one-line error on an entry that exists, and every entry's line is, byte for
/// byte, an entry of the input (without its colours, with `--ansi`).
private func checkNames(_ bytes: [UInt8]) {
    var colours = CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true))
    colours.stripsEscapes = true
    var divided = CatalogFile.Format(paths: PathComponents(separator: Array("::".utf8)), terminator: 0)
    divided.stripsEscapes = true
    let formats = [
        CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true)),
        CatalogFile.Format(terminator: 0),
        CatalogFile.Format(paths: PathComponents(separator: Array("::".utf8))),
        CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true), terminator: 0),
        colours, divided,
    ]
    let format = formats[Int(bytes.first ?? 0) % formats.count]
    let source = format.stripsEscapes ? TerminalEscapes.stripped(bytes) ?? bytes : bytes
    if format.stripsEscapes && source.contains(0x1B) { fail("an ESC is left after --ansi") }
    if source.count(where: { $0 == format.terminator }) != bytes.count(where: { $0 == format.terminator }) {
        fail("--ansi changed the number of lines")
    }
    let records = source.split(separator: format.terminator, omittingEmptySubsequences: false)
    do {
        let snapshot: Snapshot<Never> = try CatalogFile.parse(bytes, format: format)
        for record in 0..<snapshot.count {
            let line = snapshot.table.withLineBytes(record) { Array($0) }
            let found = records.contains { candidate in
                let trimmed =
                    format.terminator == 0x0A && candidate.last == 0x0D ? candidate.dropLast() : candidate[...]
                return trimmed.elementsEqual(line)
                    || (trimmed.starts(with: [0xEF, 0xBB, 0xBF])
                        && trimmed.dropFirst(3).elementsEqual(line))
            }
            if !found { fail("entry \(record)'s line \(line) is not an entry of the input") }
            _ = snapshot.table.groups(record)
            if snapshot.table.title(record).isEmpty { fail("an empty title on record \(record)") }
        }
        // Nothing is dropped: a record with a letter or a digit names something in every format, so it is an
        // entry, unless --flat listed an earlier one just like it.
        if !format.paths.flat {
            let lines = Set((0..<snapshot.count).map { record in snapshot.table.withLineBytes(record) { Array($0) } })
            for (position, record) in records.enumerated() {
                var trimmed = Array(format.terminator == 0x0A && record.last == 0x0D ? record.dropLast() : record[...])
                if position == 0 && trimmed.starts(with: [0xEF, 0xBB, 0xBF]) { trimmed.removeFirst(3) }
                let names = trimmed.contains { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF) }
                if names && !lines.contains(trimmed) { fail("record \(position) \(trimmed) was dropped") }
            }
        }
        try Hierarchy(snapshot, maxChildren: 3).checkInvariants()
    } catch let error as CatalogFile.Error {
        if !(1...records.count).contains(error.line) { fail("error on entry \(error.line) of \(records.count)") }
        if error.description.contains("\n") { fail("a multi-line error: \(error.description.debugDescription)") }
    } catch {
        fail("names: \(error)")
    }
}

/// What a read gives, for comparing two readers: the error, or every entry's text, folded text and order.
private func outcome(_ bytes: [UInt8], plainLines: Bool) -> String {
    do {
        let snapshot: Snapshot<Never> = try CatalogFile.read(bytes, keeping: nil, plainLines: plainLines)
        let index = snapshot.index
        let entries = (0..<snapshot.count).map { record in
            "\(snapshot.table.path(record)) \(snapshot.table.keywords(record)) "
                + "\(index.folded[Int(index.starts[record])..<Int(index.starts[record + 1])])"
        }
        return "\(entries) \(snapshot.recordsInOrder)"
    } catch {
        return "\(error)"
    }
}

private func fail(_ message: String) -> Never {
    let line = Array("fuzz failure: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
