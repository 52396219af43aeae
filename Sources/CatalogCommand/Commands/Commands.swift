/// Runs the command the arguments name.
enum Commands {
    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        if arguments.has("--help") {
            context.out.raw(Help.text(for: arguments.command, name: context.name) + "\n")
            return 0
        }
        if arguments.has("--version") {
            context.out.raw("\(context.name) \(context.version)\n")
            return 0
        }
        if arguments.has("--generate-manual") {
            context.out.raw(Manual.page(name: context.name, version: context.version, registry: context.registry))
            return 0
        }
        if let shell = arguments.values["--generate-completion-script"] {
            guard let script = CompletionScript.script(for: shell, name: context.name) else {
                throw Arguments.UsageError(
                    description: "option '--generate-completion-script' needs bash, zsh or fish, not '\(shell)'.")
            }
            context.out.raw(script)
            return 0
        }
        switch arguments.command.name {
        case "list": return try ListCommand.run(arguments, &context)
        case "search": return try SearchCommand.run(arguments, &context)
        case "tree": return try TreeCommand.run(arguments, &context)
        case "open": return try OpenCommand.run(arguments, &context)
        case "snapshot": return try SnapshotCommand.run(arguments, &context)
        case "record": return try RecordCommand.run(arguments, &context)
        case "help": return try HelpCommand.run(arguments, &context)
        case "---complete": return try CompleteCommand.run(arguments, &context)
        default: return try LaunchCommand.run(arguments, &context)
        }
    }
}
