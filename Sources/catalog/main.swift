import Glibc

// The executable: parse the arguments, wire the pieces, exit with the command's status.
signal(SIGPIPE, SIG_IGN)
exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
