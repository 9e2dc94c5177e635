import Foundation

/// `circles compare` of two folders of 200 screenshot-sized images (`circles-bench --compare`)
/// against the same 200 pairs through `circles diff`, one process a pair: once with a few pairs
/// differing (the usual CI run), once with every pair differing (each decoded, compared and
/// given a diff image and a strip by both).
struct CompareBench {
  let circles: String
  let folder: URL
  let runs: Int

  /// The pictures: 200 frames of 1280×720, a light page with more circles in each, rendered
  /// once by `circles run`.
  static let pairs = 200

  func rows() throws -> [BenchRow] {
    let base = CheckBench(circles: circles, folder: folder, runs: runs, quick: false)
    let scene = Scene(width: 1280, height: 720, count: Self.pairs - 1, seed: 25)
    let lines = scene.script(grouped: false).split(separator: "\n").map(String.init)
    let page = [lines[0] + " background #f6f8fa"] + lines.dropFirst()
    base.progress("rendering \(Self.pairs) pairs of 1280×720 screenshots…")
    let expected = try render(page, into: "expected")
    // A few pairs differ: the last four steps' circles are drawn elsewhere.
    var moved = page
    for index in (moved.count - 4)..<moved.count {
      moved[index] = moved[index].replacingOccurrences(of: " at ", with: " at 3")
    }
    let few = try render(moved, into: "few")
    // Every pair differs: another page colour.
    var repainted = page
    repainted[0] = lines[0] + " background #f6f8fb"
    let all = try render(repainted, into: "all")
    var rows: [BenchRow] = []
    // With a few pairs differing, `diff` only counts (the least it can do); with all of them,
    // both write a diff image and a strip of every pair.
    for (name, actual, differing) in [("a few", few, 4), ("all", all, Self.pairs)] {
      let artifacts = folder.appendingPathComponent("artifacts-\(differing)").path
      let diffs = folder.appendingPathComponent("diffs-\(differing)").path
      try FileManager.default.createDirectory(atPath: diffs, withIntermediateDirectories: true)
      let pictures =
        differing == Self.pairs
        ? " -o \"$3/$n.diff.png\" --strip \"$3/$n.strip.png\"" : ""
      let loop =
        "for f in \"$1\"/*.png; do n=$(basename \"$f\" .png); "
        + "\"$0\" diff \"$f\" \"$2/$n.png\"\(pictures) >/dev/null; [ $? -le 1 ] || exit 2; done"
      let check = Launcher.run(circles, ["compare", expected, actual, "--artifacts", artifacts])
      guard check.status == 1 else {
        throw CocoaError(.featureUnsupported, userInfo: ["compare": "exit \(check.status)"])
      }
      base.progress("compare against \(Self.pairs) × diff, \(name) pairs differing…")
      let (compare, diff) = base.interleaved(
        runs: runs, { (circles, ["compare", expected, actual, "--artifacts", artifacts]) },
        { ("/bin/sh", ["-c", loop, circles, expected, actual, diffs]) })
      let written = differing == Self.pairs ? ", each writing diff images and strips" : ""
      rows.append(
        BenchRow(
          "`compare` of \(Self.pairs) pairs of 1280×720, \(name) (\(differing)) differing, "
            + "against \(Self.pairs) × `diff`\(written)",
          base.seconds(compare), base.seconds(diff), ratio: compare / diff, atMost: 0.5))
    }
    return rows
  }

  /// Renders a script's frames into a folder of its own, named `frame-NNNN.png`.
  private func render(_ lines: [String], into name: String) throws -> String {
    let script = folder.appendingPathComponent("\(name).circles").path
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: script, atomically: true, encoding: .utf8)
    let frames = folder.appendingPathComponent(name).path
    let run = Launcher.run(circles, ["run", script, "-o", frames])
    guard run.status == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: ["run": "exit \(run.status) for \(name)"])
    }
    // The frame names carry the actions, which differ between the sets: number them alone.
    let manager = FileManager.default
    for file in try manager.contentsOfDirectory(atPath: frames) where file.hasSuffix(".png") {
      try manager.moveItem(
        atPath: frames + "/" + file, toPath: frames + "/frame-" + String(file.prefix(4)) + ".png")
    }
    return frames
  }
}
