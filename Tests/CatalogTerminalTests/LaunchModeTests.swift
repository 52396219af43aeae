import CatalogTerminal
import Testing

/// Line mode or full screen is decided once, from the arguments, `TERM` and the descriptors.
@Suite("Launch mode")
struct LaunchModeTests {
    typealias Facts = LaunchMode.Facts

    func facts(
        plain: Bool = false, term: String? = "xterm-256color", input: Bool = true, output: Bool = true,
        catalogOnInput: Bool = false, tty: Bool = true
    ) -> Facts {
        Facts(
            plain: plain, term: term, inputIsTerminal: input, outputIsTerminal: output, catalogOnInput: catalogOnInput,
            hasControllingTerminal: tty)
    }

    @Test(
        "each combination of facts gives one mode",
        arguments: [
            ("a terminal", Facts?.none, LaunchMode.fullScreen),
            (
                "--plain",
                .some(
                    .init(
                        plain: true, term: "xterm", inputIsTerminal: true, outputIsTerminal: true,
                        catalogOnInput: false, hasControllingTerminal: true)), .lineMode(commands: .standardInput)
            ),
            (
                "TERM=dumb",
                .some(
                    .init(
                        plain: false, term: "dumb", inputIsTerminal: true, outputIsTerminal: true,
                        catalogOnInput: false, hasControllingTerminal: true)), .lineMode(commands: .standardInput)
            ),
            (
                "commands piped in",
                .some(
                    .init(
                        plain: false, term: "xterm", inputIsTerminal: false, outputIsTerminal: true,
                        catalogOnInput: false, hasControllingTerminal: true)), .lineMode(commands: .standardInput)
            ),
            (
                "x=$(catalog --file list)",
                .some(
                    .init(
                        plain: false, term: "xterm", inputIsTerminal: true, outputIsTerminal: false,
                        catalogOnInput: false, hasControllingTerminal: true)), .controllingTerminal
            ),
            (
                "find | catalog --file -",
                .some(
                    .init(
                        plain: false, term: "xterm", inputIsTerminal: false, outputIsTerminal: true,
                        catalogOnInput: true, hasControllingTerminal: true)), .controllingTerminal
            ),
            (
                "find | catalog --file - | xargs",
                .some(
                    .init(
                        plain: false, term: "xterm", inputIsTerminal: false, outputIsTerminal: false,
                        catalogOnInput: true, hasControllingTerminal: true)), .controllingTerminal
            ),
            (
                "no terminal at all",
                .some(
                    .init(
                        plain: false, term: nil, inputIsTerminal: false, outputIsTerminal: false, catalogOnInput: true,
                        hasControllingTerminal: false)), .lineMode(commands: .none)
            ),
            (
                "--plain with the catalog on input",
                .some(
                    .init(
                        plain: true, term: "xterm", inputIsTerminal: false, outputIsTerminal: true,
                        catalogOnInput: true, hasControllingTerminal: true)), .lineMode(commands: .controllingTerminal)
            ),
            (
                "TERM=dumb with the catalog on input",
                .some(
                    .init(
                        plain: false, term: "dumb", inputIsTerminal: false, outputIsTerminal: true,
                        catalogOnInput: true, hasControllingTerminal: true)), .lineMode(commands: .controllingTerminal)
            ),
            (
                "output captured, no controlling terminal",
                .some(
                    .init(
                        plain: false, term: "xterm", inputIsTerminal: true, outputIsTerminal: false,
                        catalogOnInput: false, hasControllingTerminal: false)), .lineMode(commands: .standardInput)
            ),
        ] as [(String, Facts?, LaunchMode)])
    func decide(_ example: (String, Facts?, LaunchMode)) {
        #expect(LaunchMode.decide(example.1 ?? facts()) == example.2, "\(example.0)")
    }
}
