import CatalogKit
import CatalogTerminal
import Testing

@testable import CatalogDemos

@Suite("Built-in catalog, grouped")
struct BuiltInHierarchyTests {
    @Test("the root shows at least 9 items, and no bucket of it holds only entries shown in place of their groups")
    func shallowRoot() throws {
        let registry = Registry<any Screen>()
        try Demos.register(in: registry)
        let hierarchy = try Hierarchy(registry.snapshot(), maxChildren: 10)
        try hierarchy.checkInvariants()
        let root = hierarchy.children(of: hierarchy.root)
        #expect(root.count >= 9)
        #expect(root.contains { !hierarchy.inlinedGroups(of: $0, in: hierarchy.root).isEmpty })
        for bucket in root {
            guard case .bucket = bucket else { continue }
            let inside = hierarchy.children(of: bucket)
            #expect(
                !inside.allSatisfy { !hierarchy.inlinedGroups(of: $0, in: bucket).isEmpty },
                "\(hierarchy.title(of: bucket)) holds only groups of one")
        }
    }
}
