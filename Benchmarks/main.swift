// `make bench` runs this in release mode. Each suite registers its benchmarks in `suites`;
// pass suite names as arguments to run only those.
import Foundation

let suites: [(name: String, benchmarks: () -> [Benchmark])] = [
    ("mustache", MustacheBench.benchmarks),
    ("engine", EngineBench.benchmarks),
    ("form", FormBench.benchmarks),
]

let wanted = Set(CommandLine.arguments.dropFirst())
// A misspelt suite would otherwise run nothing and look like a pass.
let unknown = wanted.subtracting(suites.map(\.name))
if !unknown.isEmpty {
    let names = suites.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("Benchmarks: no suite named \(unknown.sorted().joined(separator: ", ")); suites: \(names)\n".utf8))
    exit(2)
}
for suite in suites where wanted.isEmpty || wanted.contains(suite.name) {
    print("== \(suite.name)")
    for benchmark in suite.benchmarks() { benchmark.run() }
}
