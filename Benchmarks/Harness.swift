import Foundation

/// A named measurement: runs `body` many times and reports the median and p99 per call.
///
/// Figures, not pass/fail: `make bench` prints them and the issue notes quote them.
struct Benchmark {
    let name: String
    /// Iterations per sample; each sample is timed as a whole and divided, so clock cost vanishes.
    var iterations = 1_000
    var samples = 200
    let body: () -> Void

    /// `BENCH_ITERATIONS` caps the iterations and `BENCH_SAMPLES` sets the samples: a run under
    /// callgrind (instruction counts, steady on a loaded machine) needs only a few calls of each.
    private static let iterationCap = positiveSetting("BENCH_ITERATIONS")
    private static let sampleCount = positiveSetting("BENCH_SAMPLES")

    /// A count from the environment, absent when unset; anything but a positive whole number stops
    /// the run, so a typo cannot quietly measure with the defaults (or with no sample at all).
    private static func positiveSetting(_ name: String) -> Int? {
        guard let text = ProcessInfo.processInfo.environment[name] else { return nil }
        guard let value = Int(text), value > 0 else {
            FileHandle.standardError.write(Data("Benchmarks: \(name) must be a positive whole number, not '\(text)'\n".utf8))
            exit(2)
        }
        return value
    }

    /// Runs the benchmark and prints one line: name, median, p99 (per call).
    func run() {
        let iterations = min(self.iterations, Self.iterationCap ?? .max)
        let samples = Self.sampleCount ?? self.samples
        for _ in 0..<iterations { body() }  // warm caches and lazy statics
        var perCall: [Double] = []
        perCall.reserveCapacity(samples)
        let clock = ContinuousClock()
        for _ in 0..<samples {
            let elapsed = clock.measure { for _ in 0..<iterations { body() } }
            perCall.append(elapsed.seconds / Double(iterations))
        }
        perCall.sort()
        let median = perCall[perCall.count / 2]
        let p99 = perCall[min(perCall.count - 1, perCall.count * 99 / 100)]
        print(name.padding(toLength: 48, withPad: " ", startingAt: 0)
            + "median " + format(median) + "   p99 " + format(p99))
    }

    private func format(_ seconds: Double) -> String {
        seconds < 1e-3
            ? String(format: "%8.2f µs", seconds * 1e6)
            : String(format: "%8.2f ms", seconds * 1e3)
    }
}

extension Duration {
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

/// Keeps a computed value alive so the optimizer cannot drop the work that produced it.
@inline(never) func blackHole<T>(_ value: T) { _ = value }
