import Testing
import catalog_stress

/// Many threads on one registry at once. The scenarios live in `catalog-stress`, which `.ci/run` also builds with
/// `--sanitize=thread` and runs, where a data race fails CI.
@Suite("Registry under concurrent use")
struct ConcurrencyStressTests {
    @Test("8 threads register, search, snapshot and observe at once; nothing is lost")
    func eightThreads() {
        #expect(Stress.eightThreads() == [])
    }
}
