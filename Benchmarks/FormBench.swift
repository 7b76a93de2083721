import CardFormApp

/// The real form (shipped templates, view model, a session): a page, keystrokes as the input route
/// handles them (tracked: only the leaves a change reaches; whole: the whole form rendered and
/// cut), and gzip of a keystroke's answer. Targets (issue 15): page ≤ 30 µs, engine update ≤ 3 µs.
enum FormBench {
    static func benchmarks() -> [Benchmark] {
        let empty = try! RenderingProbe()
        let eight = try! RenderingProbe(typed: "4242 4242")
        // As a page without the formatting rules sends it: the answer echoes the grouped value.
        let ninth = "4242 42424"
        let answer = Array(eight.keystroke(ninth).utf8)
        let packed = RenderingProbe.gzip(answer) ?? []
        let first = Array(empty.keystroke("4").utf8)
        print("page: \(empty.page()) B; 9th digit answers \(answer.count) B (gzipped \(packed.count) B); first digit \(first.count) B")
        return [
            Benchmark(name: "page render (whole form, page id, hashes)", iterations: 200) { blackHole(empty.page()) },
            Benchmark(name: "engine update (9th digit)") { blackHole(eight.update(ninth)) },
            Benchmark(name: "keystroke, 9th digit (tracked)") { blackHole(eight.keystroke(ninth)) },
            Benchmark(name: "keystroke, 9th digit (whole form)", iterations: 200) { blackHole(eight.keystroke(ninth, tracking: false)) },
            Benchmark(name: "keystroke, 1st digit: networks (tracked)", iterations: 200) { blackHole(empty.keystroke("4")) },
            Benchmark(name: "keystroke, 1st digit: networks (whole form)", iterations: 200) {
                blackHole(empty.keystroke("4", tracking: false))
            },
            Benchmark(name: "gzip a 9th-digit answer (\(answer.count) B)") { blackHole(RenderingProbe.gzip(answer)) },
        ]
    }
}
