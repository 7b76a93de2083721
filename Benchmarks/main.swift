// `make bench` runs this in release mode. Each suite registers its benchmarks in `suites`;
// pass suite names as arguments to run only those.
let suites: [(name: String, benchmarks: () -> [Benchmark])] = [
    ("mustache", MustacheBench.benchmarks),
    ("engine", EngineBench.benchmarks),
    ("form", FormBench.benchmarks),
]

let wanted = Set(CommandLine.arguments.dropFirst())
for suite in suites where wanted.isEmpty || wanted.contains(suite.name) {
    print("== \(suite.name)")
    for benchmark in suite.benchmarks() { benchmark.run() }
}
