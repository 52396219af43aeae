import CatalogSnapshots
import Testing

@testable import LoginScreens

/// One screen in one scenario, its golden beside this file: `__Snapshots__/LoginFormTests/`.
@Test func loginFormTakesAName() {
    assertSnapshot(of: LoginForm(), scenario: Scenario("typed ada", .type("ada")))
}
