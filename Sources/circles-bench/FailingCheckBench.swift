import Foundation

/// A failing `circles check` (`circles-bench --failing-check`): a script whose every frame
/// differs from its golden, so that each is decoded, compared pixel by pixel and given a diff
/// and a strip; timed on both cores against the same check held to one (`taskset -c 0`).
struct FailingCheckBench {
  let circles: String
  let folder: URL
  let runs: Int

  /// Records goldens of `frames` steps of `width`×`height`, repaints the background of the
  /// script, and times checks of it.
  func rows(frames: Int = 200, width: Int = 800, height: Int = 600) throws -> [BenchRow] {
    let base = CheckBench(circles: circles, folder: folder, runs: runs, quick: false)
    let scene = Scene(width: width, height: height, count: frames, seed: 11).script(grouped: false)
    let scriptFolder = try base.scriptFolder("failing", scene)
    let script = scriptFolder + "/failing.circles"
    base.progress("recording \(frames) frames of \(width)×\(height)…")
    _ = Launcher.run(circles, ["check", script, "--record"])
    // Another background: every frame now differs everywhere, and nothing else changes.
    var lines = scene.split(separator: "\n").map(String.init)
    lines[0] += " background #f8f8f8"
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: script, atomically: true, encoding: .utf8)
    let artifacts = scriptFolder + "/artifacts"
    base.progress("failing check, both cores against one…")
    let check = ["check", script, "--artifacts", artifacts]
    let (both, one) = base.interleaved(
      runs: runs, { (circles, check) }, { ("/usr/bin/taskset", ["-c", "0", circles] + check) })
    return [
      BenchRow(
        "failing `check`, \(frames) frames of \(width)×\(height): both cores, one",
        base.seconds(both), base.seconds(one), ratio: both / one, atMost: 0.9)
    ]
  }
}
