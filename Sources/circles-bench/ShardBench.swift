import Foundation

/// `circles check --shard i/4` of a suite whose scripts' lengths differ fifty times: how long the
/// slowest of the four shards takes against their mean, split by count and split by the times
/// of an earlier run (`--durations`).
enum ShardBench {
  /// 40 scripts of 10 to 500 frames each, from a seeded generator: the first 10, the last 500,
  /// the others in between, shuffled so that long ones do not follow each other.
  static func suite(in folder: URL) throws {
    var generator = SplitMix(seed: 36)
    var lengths = [10, 500] + (0..<38).map { _ in Int.random(in: 10...500, using: &generator) }
    lengths.shuffle(using: &generator)
    let scenes = folder.appendingPathComponent("scenes", isDirectory: true)
    try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
    for (index, length) in lengths.enumerated() {
      try """
      canvas 160x120
      repeat \(length) as i {
        add at (i % 160),(i % 120) r 4 fill hsl(i * 7, 70, 50)
      }

      """.write(
        to: scenes.appendingPathComponent(String(format: "s%02d.circles", index)),
        atomically: true, encoding: .utf8)
    }
  }

  /// Seconds each of the four shards takes, the median of `runs` runs each.
  static func shardSeconds(
    circles: String, folder: URL, runs: Int, durations: [String]
  ) -> [Double] {
    (1...4).map { index in
      Measures.median(
        (0..<runs).map { _ in
          Launcher.run(
            circles,
            ["check", folder.appendingPathComponent("scenes").path, "--record", "none"]
              + ["--shard", "\(index)/4"] + durations
          ).seconds
        })
    }
  }

  static func rows(circles: String, work: URL, runs: Int) throws -> [BenchRow] {
    let folder = work.appendingPathComponent("shards", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try suite(in: folder)
    // Goldens first; then the checks write nothing (`--record none`, as in CI).
    let scenes = folder.appendingPathComponent("scenes").path
    let times = folder.appendingPathComponent("times.tar").path
    _ = Launcher.run(circles, ["check", scenes, "--record"])
    _ = Launcher.run(circles, ["check", scenes, "--record", "none", "--blob", times])
    var rows: [BenchRow] = []
    for (name, durations) in [
      ("by count", [String]()), ("by the times of an earlier run", ["--durations", times]),
    ] {
      let seconds = shardSeconds(circles: circles, folder: folder, runs: runs, durations: durations)
      let mean = seconds.reduce(0, +) / Double(seconds.count)
      let worst = seconds.max() ?? 0
      Measures.progress(
        "shards \(name): " + seconds.map { Measures.seconds($0) }.joined(separator: ", "))
      let workload = "check --shard i/4 of 40 scripts of 10 to 500 frames, \(name): the slowest"
      let against = "the mean of the four, \(Measures.seconds(mean))"
      rows.append(
        durations.isEmpty
          ? BenchRow(
            workload, Measures.seconds(worst), against, ratio: Measures.times(worst / mean),
            goal: "—", met: nil)
          : BenchRow(
            workload, Measures.seconds(worst), against, ratio: worst / mean, atMost: 1.15))
    }
    return rows
  }
}
