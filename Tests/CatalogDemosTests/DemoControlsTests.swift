import CatalogKit
import CatalogTerminal
import Testing

@testable import CatalogDemos

@Suite("Built-in demos' controls")
struct DemoControlsTests {
    @Test(
        "demos with a natural parameter declare it, with a scenario that sets it away from its default",
        arguments: [
            ("indicators/progress", ["percent"]), ("controls/slider", ["value", "maximum"]),
            ("animation/animated-grid", ["cells", "speed"]), ("forms/multi-selector", ["goals"]),
        ])
    func declared(id: String, names: [String]) throws {
        let entry = try #require(Demos.entries.first { $0.id == id })
        #expect(entry.controls.map(\.name) == names)
        let set = entry.scenarios.flatMap { scenario in
            scenario.controls.filter { name, value in entry.controls.first { $0.name == name }?.defaultValue != value }
                .keys
        }
        #expect(!set.isEmpty, "a scenario of \(id) sets a control to a value other than its default")
    }

    @Test("the values reach the screens")
    func values() throws {
        func text(_ id: String, _ values: [String: ControlValue]) throws -> String {
            let entry = try #require(Demos.entries.first { $0.id == id })
            return try entry.make(setting: values).render(in: .standard).text
        }
        #expect(try text("indicators/progress", ["percent": 40]).contains(" 40%"))
        #expect(try text("controls/slider", ["value": 35]).contains(" 35"))
        #expect(!(try text("forms/multi-selector", ["goals": 1]).contains("Learn SwiftUI")))
        #expect(try text("forms/multi-selector", [:]).contains("Learn SwiftUI"))
        let grid = try #require(Demos.entries.first { $0.id == "animation/animated-grid" })
        let fast = try #require(try grid.make(setting: ["speed": 4]) as? AnimatedGridDemo)
        #expect(fast.interval == AnimatedGridDemo.interval / 4)
        let many = try #require(try grid.make(setting: ["cells": 100]) as? AnimatedGridDemo)
        #expect(many.cells.count == 100)
    }
}
