import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// Marks a test that takes long (hundreds of processes, or gigabytes): it runs only when `CATALOG_SLOW_TESTS=1`,
    /// as `.ci/run` sets, so the README's `swift test` stays quick.
    package static var slow: Self {
        .enabled(
            if: ProcessInfo.processInfo.environment["CATALOG_SLOW_TESTS"] == "1",
            "slow: runs with CATALOG_SLOW_TESTS=1, as .ci/run does")
    }
}
