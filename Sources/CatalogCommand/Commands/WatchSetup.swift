import CatalogTerminal
import Foundation
import Glibc

/// `--watch`: finds the package, what to build and what to watch, and makes the ``Watch`` the shell runs with.
enum WatchSetup {
    /// The configuration this binary was built in, which the rebuild uses too.
    #if DEBUG
        static let configuration = "debug"
    #else
        static let configuration = "release"
    #endif

    /// The watch `--watch` asks for, or `nil` without it.
    ///
    /// - Throws: ``Arguments/UsageError`` for `--watch-product` or `--watch-path` without `--watch`, `--watch` with
    ///   `--file -` or outside a package; ``InputError`` for a folder that can't be watched.
    static func watch(_ arguments: Arguments, _ context: Context) throws -> Watch? {
        guard arguments.has("--watch") else {
            for option in ["--watch-product", "--watch-path"]
            where arguments.values[option] != nil || arguments.lists[option] != nil {
                throw Arguments.UsageError(description: "option '\(option)' is for --watch; give --watch too.")
            }
            return nil
        }
        if arguments.values["--file"] == "-" {
            throw Arguments.UsageError(
                description: "option '--watch' can't be used with --file -: the rebuilt program could not read "
                    + "standard input again.")
        }
        let current = FileManager.default.currentDirectoryPath
        guard let root = packageRoot(from: current) else {
            throw Arguments.UsageError(
                description: "option '--watch' needs a Swift package: there is no Package.swift in '\(current)' "
                    + "or a folder above it.")
        }
        let product = arguments.values["--watch-product"] ?? executableName(context)
        var folders = ["Sources", "Catalog"].map { root + "/" + $0 }.filter(isFolder)
        for path in arguments.lists["--watch-path"] ?? [] {
            let folder = path.hasPrefix("/") ? path : current + "/" + path
            guard isFolder(folder) else { throw InputError(description: "--watch-path '\(path)' is not a folder.") }
            folders.append(folder)
        }
        guard !folders.isEmpty else {
            throw InputError(description: "--watch found nothing to watch: '\(root)' has no Sources or Catalog folder.")
        }
        let sources: SourceWatcher
        do {
            // A process that took over compares the sources with the start of the build that made it: a save on its
            // way during the handover builds again; the first compares them with the program it runs.
            let built =
                Handover.read(from: context.environment)?.buildStarted
                ?? SourceWatcher.changed(program(product, in: root))
            sources = try SourceWatcher(roots: folders, built: built)
        } catch {
            throw InputError(description: "--watch: \(error)")
        }
        var environment = context.environment
        environment[Handover.variable] = nil
        return Watch(
            sources: sources, rebuild: Rebuild(product: product, build: build(product, in: root)),
            program: program(product, in: root), arguments: context.commandLine,
            environment: environment, inherited: Handover.read(from: context.environment)?.terminalSettings)
    }

    /// The program the build makes: the product in the package's build folder for the configuration.
    static func program(_ product: String, in root: String) -> String {
        root + "/.build/" + configuration + "/" + product
    }

    /// The build: `swift build --product NAME -c CONFIGURATION` in the package, its own process group, killed when
    /// a newer change cancels it; its output read to the end, and its errors kept. A build that succeeds is then
    /// started once with `--version`, which registers every entry first: a registration mistake (two entries with
    /// one title) is shown like a compiler's error, and the running program goes on instead of handing over to a
    /// program that would stop at once.
    static func build(_ product: String, in root: String) -> @Sendable (@escaping JobCancellation) -> Rebuild.Outcome {
        let command =
            "exec swift build --package-path {} --product \(Link.quoted(product)) -c \(configuration) 2>&1"
        let program = program(product, in: root)
        return { isCancelled in
            let clock = ContinuousClock()
            let started = clock.now
            let startedAt = Date().timeIntervalSince1970
            switch ShellCommand.run(
                command, line: root, maximumLines: 20_000, maximumBytes: 4 << 20, drains: true,
                isCancelled: isCancelled)
            {
            case .output(_, status: 0):
                let built = started.duration(to: clock.now)
                guard FileManager.default.isExecutableFile(atPath: program) else {
                    return .failed(
                        BuildReport(lines: ["The build made no program at \(program)."], status: 1, root: root))
                }
                switch ShellCommand.run(
                    "exec {} --version 2>&1", line: program, maximumLines: 50, isCancelled: isCancelled)
                {
                case .output(_, status: 0): return .built(Rebuild.Build(duration: built, started: startedAt))
                case .output(let lines, let status):
                    return .failed(BuildReport(lines: lines, status: status, root: root))
                case .cancelled: return .failed(BuildReport(lines: [], status: 128 + SIGTERM, root: root))
                case .failed(let message): return .failed(BuildReport(lines: [message], status: 127, root: root))
                }
            case .output(let lines, let status):
                return .failed(BuildReport(lines: lines, status: status, root: root))
            case .cancelled:
                return .failed(BuildReport(lines: [], status: 128 + SIGTERM, root: root))
            case .failed(let message):
                return .failed(BuildReport(lines: [message], status: 127, root: root))
            }
        }
    }

    /// The nearest folder from `folder` up that holds a `Package.swift`.
    static func packageRoot(from folder: String) -> String? {
        var url = URL(fileURLWithPath: folder).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.path
            }
            let parent = url.deletingLastPathComponent()
            guard parent.path != url.path else { return nil }
            url = parent
        }
    }

    /// This executable's file name, as the kernel knows it; the program's name when it won't say.
    static func executableName(_ context: Context) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return context.name }
        var path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A binary rebuilt under a running process is a new file; the old one shows as deleted.
        if path.hasSuffix(" (deleted)") { path.removeLast(" (deleted)".count) }
        return URL(fileURLWithPath: path).lastPathComponent
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
