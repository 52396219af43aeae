import CatalogSnapshots
import Testing

@testable import MyScreens

/// One screen in one scenario, its golden beside this file: `__Snapshots__/CounterTests/`.
@Test func counterCountsDown() {
    assertSnapshot(of: Counter(), scenario: Scenario("down three times", .press(.down, times: 3)))
}

/// The same keys as a line-mode command.
@Test func counterTakesLineCommands() throws {
    var counter = Counter()
    _ = try counter.handle(line: "+", in: .standard)
    _ = try counter.handle(line: "+", in: .standard)
    #expect(counter.count == 2)
}
