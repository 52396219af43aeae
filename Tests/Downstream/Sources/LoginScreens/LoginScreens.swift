import CatalogCommand

/// This module's screens, registered in one call so the executable needn't know them.
public enum LoginScreens {
    public static func register(in registry: Registry<any Screen>) throws {
        try registry.register(
            "Login Form", in: ["Forms"], keywords: ["sign in", "password"], summary: "A user name and a sign-in button",
            scenarios: [
                Scenario("empty"),
                Scenario("signed in as ada", .type("ada"), .press(.enter)),
            ]
        ) { LoginForm() }
    }
}

/// A login form: type a user name, Enter signs in.
struct LoginForm: Screen {
    enum Command { case signIn, name }

    static let keymap = Keymap<Command>([
        KeyBinding([.enter], .signIn, help: "sign in"),
        KeyBinding([], .name, help: "set the user name", footer: false, line: "name <text>"),
    ])

    var user = ""
    var title: String { "Login Form" }
    var takesText: Bool { true }
    var help: [HelpItem] { Self.keymap.help }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action {
        guard let key = event.key else { return .none }
        if Self.keymap.command(for: key) == .signIn { return signIn() }
        switch key {
        case .character(let character): user.append(character)
        case .backspace: _ = user.popLast()
        default: break
        }
        return .none
    }

    private func signIn() -> Action {
        user.isEmpty ? .bell : .status("Signed in as \(user).")
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        return Frame(
            lines: [Line("User: \(user)"), Line(), Line(Self.keymap.footer, .dim)],
            cursor: (row: 0, column: 6 + DisplayWidth.of(user))
        ).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] { ["User: \(user)"] }

    mutating func handle(line: String, in context: ScreenContext) throws -> Action {
        guard let (command, argument) = Self.keymap.command(forLine: line) else {
            return .status("Type name <text>, then .. to go back.")
        }
        switch command {
        case .name:
            user = argument
            return signIn()
        case .signIn:
            return signIn()
        }
    }
}
