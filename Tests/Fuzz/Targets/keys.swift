@testable import CatalogTerminal

/// Fuzzes ``KeyDecoder``: any bytes, in any chunks, must decode without trapping, hold no more than a bounded
/// number of bytes, and give the same keys whether fed at once or one chunk at a time.
///
/// The first byte picks the chunk size; the rest is terminal input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let input = bytes.dropFirst()
    let chunk = Int(first % 16) + 1

    var whole = KeyDecoder()
    var wholeKeys = whole.feed(input)
    check(whole)
    wholeKeys += whole.flush()
    check(whole)

    var pieces = KeyDecoder()
    var pieceKeys: [Key] = []
    var start = input.startIndex
    while start < input.endIndex {
        let end = min(start + chunk, input.endIndex)
        pieceKeys += pieces.feed(input[start..<end])
        check(pieces)
        start = end
    }
    pieceKeys += pieces.flush()
    guard wholeKeys == pieceKeys else {
        fail("chunking changed the keys: \(wholeKeys) vs \(pieceKeys)")
    }
    for key in wholeKeys {
        if case .character(let character) = key {
            for scalar in character.unicodeScalars where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                fail("a control character came out as text: \(scalar.value)")
            }
        }
    }
    return 0
}

private func check(_ decoder: KeyDecoder) {
    if decoder.pendingByteCount > KeyDecoder.maximumSequenceLength + 8 {
        fail("the decoder holds \(decoder.pendingByteCount) bytes")
    }
}

private func fail(_ message: String) -> Never {
    let line = Array("fuzz failure: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}

#if canImport(Glibc)
    import Glibc
#endif
