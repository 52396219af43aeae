import Testing

@testable import CatalogCommand

@Suite("Process memory")
struct ProcessMemoryTests {
    @Test("the allocator takes the fixed threshold from which freed blocks go back to the system")
    func mapThreshold() {
        // mallopt is looked up at run time; a wrong name or parameter makes it refuse, and the launcher would keep
        // each keystroke's hits resident after a large load (10 MB on a million lines).
        #expect(ProcessMemory.returnLargeBlocks())
        #expect(ProcessMemory.returnLargeBlocks(), "setting it again is harmless")
    }
}
