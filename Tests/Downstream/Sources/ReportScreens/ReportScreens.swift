import CatalogCommand

/// This module's screens, registered in one call so the executable needn't know them.
public enum ReportScreens {
    public static func register(in registry: Registry<any Screen>) throws {
        try registry.register(
            "Sales Chart", in: ["Reports"], keywords: ["bar", "revenue"], summary: "Revenue by quarter as bars",
            scenarios: [Scenario("wide"), Scenario("bars fit 40 columns", size: Size(columns: 40, rows: 8))]
        ) { SalesChart() }
    }
}

/// Revenue by quarter, drawn as bars that fit the width.
struct SalesChart: Screen {
    static let quarters = [("Q1", 12), ("Q2", 19), ("Q3", 7), ("Q4", 23)]

    var title: String { "Sales Chart" }

    mutating func handle(_ event: Event, in context: ScreenContext) throws -> Action { .none }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        let longest = Self.quarters.map(\.1).max() ?? 1
        let room = max(size.columns - 8, 1)
        return Frame(
            lines: Self.quarters.map { name, value in
                Line("\(name) " + String(repeating: "█", count: value * room / longest) + " \(value)")
            }
        ).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] { Self.quarters.map { "\($0.0): \($0.1)" } }

    mutating func handle(line: String, in context: ScreenContext) throws -> Action {
        .status("This chart takes no commands.")
    }
}
