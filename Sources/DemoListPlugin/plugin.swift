import PackagePlugin

/// Generates the list of built-in demos from the declarations in the demo target's source files.
///
/// Each demo file declares `static let name = demo(…)` inside `extension Demos`; the generator collects those
/// names into `Demos.all`, so a new demo needs one new file and nothing else. A `demo(…)` call it can't list (a
/// `private` one, a `var`, a call outside such a declaration) fails the build with an error on that line, rather
/// than leaving the demo silently out of the catalog.
@main
struct DemoListPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let inputs = target.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedDemoList.swift")
        let tool = try context.tool(named: "DemoListGenerator")
        return [
            .buildCommand(
                displayName: "Generating the demo list for \(target.name)",
                executable: tool.url,
                arguments: [output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
