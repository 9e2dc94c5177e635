import Foundation

/// A failing `circles check` (`circles-bench --failing-check`): a script whose every frame
/// differs from its golden, so that each is decoded, compared pixel by pixel and given a diff
/// and a strip; timed on both cores against the same check held to one (`taskset -c 0`), and
/// its peak memory and time at 2000 frames of 1024×1024 against 200.
struct FailingCheckBench {
  let circles: String
  let folder: URL
  let runs: Int

  /// Records goldens of `frames` steps of `width`×`height`, repaints the background of the
  /// script, and times checks of it.
  func rows(frames: Int = 200, width: Int = 800, height: Int = 600) throws -> [BenchRow] {
    let base = CheckBench(circles: circles, folder: folder, runs: runs, quick: false)
    let (check, _) = try failingCheck("failing", frames: frames, width: width, height: height)
    base.progress("failing check, both cores against one…")
    let (both, one) = base.interleaved(
      runs: runs, { (circles, check) }, { ("/usr/bin/taskset", ["-c", "0", circles] + check) })
    var rows = [
      BenchRow(
        "failing `check`, \(frames) frames of \(width)×\(height): both cores, one",
        base.seconds(both), base.seconds(one), ratio: both / one, atMost: 0.9)
    ]
    // Memory and time flat per failing frame: 2000 frames of 1024×1024 against 200.
    let (few, fewArtifacts) = try failingCheck(
      "failing-200", frames: 200, width: 1024, height: 1024)
    let (many, manyArtifacts) = try failingCheck(
      "failing-2000", frames: 2000, width: 1024, height: 1024)
    base.progress("failing checks of 200 and 2000 frames of 1024×1024…")
    let small = Launcher.run(circles, few)
    let large = Launcher.run(circles, many)
    try? FileManager.default.removeItem(atPath: fewArtifacts)
    try? FileManager.default.removeItem(atPath: manyArtifacts)
    rows.append(
      BenchRow(
        "peak memory of a failing `check`, 2000 frames of 1024×1024 against 200",
        base.megabytes(large.peakMemory), base.megabytes(small.peakMemory),
        ratio: Double(large.peakMemory) / Double(small.peakMemory), atMost: 1.25))
    rows.append(
      BenchRow(
        "failing `check`, 2000 frames of 1024×1024 against 10 × 200",
        base.seconds(large.seconds), base.seconds(10 * small.seconds),
        ratio: large.seconds / (10 * small.seconds), atMost: 1.25))
    return rows
  }

  /// Records goldens of a script of `frames` steps, then repaints its background so that every
  /// frame differs everywhere and nothing else changes.
  ///
  /// - Returns: the arguments of the failing check, and its artifacts folder.
  private func failingCheck(_ name: String, frames: Int, width: Int, height: Int) throws
    -> (arguments: [String], artifacts: String)
  {
    let base = CheckBench(circles: circles, folder: folder, runs: runs, quick: false)
    let scene = Scene(width: width, height: height, count: frames, seed: 11).script(grouped: false)
    let scriptFolder = try base.scriptFolder(name, scene)
    let script = scriptFolder + "/\(name).circles"
    base.progress("recording \(frames) frames of \(width)×\(height)…")
    _ = Launcher.run(circles, ["check", script, "--record"])
    var lines = scene.split(separator: "\n").map(String.init)
    lines[0] += " background #f8f8f8"
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: script, atomically: true, encoding: .utf8)
    let artifacts = scriptFolder + "/artifacts"
    return (["check", script, "--artifacts", artifacts], artifacts)
  }
}
