import CatalogKit
import CatalogTestSupport
import Testing

@Suite("Folding")
struct FoldingTests {
    @Test(
        "equivalent spellings fold alike",
        arguments: [
            ("Straße", "STRASSE"), ("Übersicht", "ubersicht"), ("Ｇｒｉｄ", "grid"), ("Документы", "ДОКУМЕНТЫ"),
            ("ﬁle", "FILE"), ("Crème Brûlée", "creme brulee"), ("ΣΊΣΥΦΟΣ", "σίσυφοσ"), ("ẞ", "ss"),
            ("e\u{301}", "é"), ("İstanbul", "istanbul"), ("Ǆemal", "džemal"), ("ﾃﾞｰﾀ", "データ"), ("ﾊﾟﾝ", "パン"),
        ])
    func equivalent(_ pair: (String, String)) {
        // As bytes, which the index compares: Swift's `==` would take "テ\u{3099}" for "デ".
        #expect(Folding.foldedBytes(pair.0) == Folding.foldedBytes(pair.1))
    }

    @Test(
        "distinct letters stay distinct",
        arguments: [("й", "и"), ("아프리카", "아프리가"), ("ё", "е"), ("Grid", "Grit")])
    func distinct(_ pair: (String, String)) {
        #expect(Folding.fold(pair.0) != Folding.fold(pair.1))
    }

    @Test("a file read on the fast path finds halfwidth kana with voiced marks by their fullwidth spelling")
    func halfwidthVoicedMarksInAFile() throws {
        let catalog: Snapshot<Void> = try CatalogFile.parse(Array("x ﾃﾞｰﾀ\nパン\nテータ\n".utf8))
        #expect(catalog.search("データ").map { catalog.table.path(Int($0)) } == ["x ﾃﾞｰﾀ"])
        #expect(catalog.search("ﾊﾟﾝ").map { catalog.table.path(Int($0)) } == ["パン"])
    }

    @Test("Korean and Cyrillic marks stay as written")
    func keepsNonLatinComposition() {
        #expect(Folding.fold("아프로-유라시아") == "아프로-유라시아")
        #expect(Folding.fold("Й") == "й")
        #expect(Folding.fold("и\u{306}") == "й")
        #expect(Folding.fold("\u{1100}\u{1161}") == "가")
    }

    @Test("folding is idempotent and agrees with the reference on tricky text")
    func agreesWithReference() {
        let samples =
            randomPieces + [
                "a\u{301}\u{323}b", "\u{0345}x", "a\u{0345}", "Ω\u{0345}", "\u{0E01}\u{0E34}", "ﾊﾟ", "㍿", "Ⅻ", "ꭰ",
                "\u{1F1E9}\u{1F1EA}", "A\u{0903}", "\u{09C7}\u{09BE}", "Ǉ\u{301}", "x/\u{301}y",
            ]
        for text in samples {
            let fast = Folding.fold(text)
            #expect(
                Array(fast.utf8) == Array(Folding.referenceFold(text).utf8), "fold(\(text.unicodeScalars.map(\.value)))"
            )
            #expect(Folding.fold(fast) == fast, "idempotent for \(text)")
        }
    }

    @Test("random strings fold the same on the fast path and the reference path")
    func randomAgreement() {
        let seed: UInt64 = 0xF01D
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            let text = randomTitle(&rng)
            #expect(
                Folding.foldedBytes(text) == Array(Folding.referenceFold(text).utf8),
                "seed \(seed): \(text.debugDescription)")
        }
    }

    @Test("invalid UTF-8 is reported and leaves the buffer as it was")
    func invalidUTF8() {
        var folder = Folder()
        var out: [UInt8] = [1, 2]
        for bad: [UInt8] in [
            [0xFF], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
        ] {
            let ok = bad.withUnsafeBufferPointer { folder.append($0, to: &out) }
            #expect(!ok, "\(bad) should be rejected")
            #expect(out == [1, 2])
        }
    }
}
