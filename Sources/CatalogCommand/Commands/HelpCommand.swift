/// `help [COMMAND]`: the same text as `COMMAND --help`.
enum HelpCommand {
    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        guard let name = arguments.operands.first else {
            context.out.raw(Help.text(for: CommandTable.launch, name: context.name) + "\n")
            return 0
        }
        guard let command = CommandTable.command(named: name), !command.name.isEmpty, !command.hidden else {
            throw Arguments.unknownCommand(name)
        }
        context.out.raw(Help.text(for: command, name: context.name) + "\n")
        return 0
    }
}
