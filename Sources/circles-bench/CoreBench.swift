import Foundation

/// W1, W2, W2 × 5000, W3, start-up and the undo engine, each against the C + Cairo reference
/// (`reference/cairo-reference.c`), the two run interleaved: circles, C, circles, C, …
struct CoreBench {
  let circles: String
  /// The C reference and the programs start-up is measured against, built by the benchmark.
  let programs: References
  var reference: String { programs.reference }
  let work: URL
  let options: BenchOptions

  func path(_ name: String) -> String { work.appendingPathComponent(name).path }

  func write(_ text: String, to name: String) throws -> String {
    try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    return path(name)
  }

  /// A new folder for one run's files: no run pays for the removal of another's.
  func fresh(_ name: String) -> String {
    let folder = path("\(name)-\(UUID().uuidString.prefix(8))")
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// W3's two pictures, `w3-a.png` and `w3-b.png`, drawn by the C reference with Cairo: 300
  /// circles, five of them moved and recoloured in the second.
  func drawW3Pictures() throws {
    var w3 = Scene.w3
    let first = try write(w3.numbers, to: "w3-a.txt")
    w3.changeFiveCircles()
    let second = try write(w3.numbers, to: "w3-b.txt")
    _ = Launcher.run(reference, ["draw", first, path("w3-a.png")])
    _ = Launcher.run(reference, ["draw", second, path("w3-b.png")])
  }

  /// Medians of both sides run interleaved, and circles' largest peak memory.
  func compare(
    runs: Int, referenceRuns: Int? = nil, warmUp: Bool, ours: () -> (String, [String]),
    theirs: () -> (String, [String])
  ) -> (ours: Double, theirs: Double, memory: Int) {
    if warmUp {
      _ = Launcher.run(ours())
      _ = Launcher.run(theirs())
    }
    var mine: [Double] = []
    var other: [Double] = []
    var memory = 0
    for run in 0..<runs {
      let measure = Launcher.run(ours())
      mine.append(measure.seconds)
      memory = max(memory, measure.peakMemory)
      var line = "  circles " + Measures.seconds(measure.seconds)
      if run < (referenceRuns ?? runs) {
        other.append(Launcher.run(theirs()).seconds)
        line += ", C " + Measures.seconds(other[other.count - 1])
      }
      Measures.progress(line)
    }
    return (Measures.median(mine), Measures.median(other), memory)
  }

  func row(
    _ workload: String, _ result: (ours: Double, theirs: Double, memory: Int), goal: Double
  ) -> BenchRow {
    BenchRow(
      workload, Measures.seconds(result.ours), Measures.seconds(result.theirs) + " (C)",
      ratio: result.ours / result.theirs, atMost: goal)
  }

  func rows() throws -> [BenchRow] {
    let runs = options.runs
    var rows: [BenchRow] = []

    // W1: one 800×600 frame of 1000 circles (grouped: the start frame and one more).
    let w1 = Scene(width: 800, height: 600, count: 1000, seed: 1)
    let w1Script = try write(w1.script(grouped: true), to: "w1.circles")
    let w1Numbers = try write(w1.numbers, to: "w1.txt")
    Measures.progress("W1…")
    let w1Result = compare(
      runs: runs, warmUp: true, ours: { (circles, ["run", w1Script, "-o", fresh("w1")]) },
      theirs: { (reference, ["draw", w1Numbers, path("w1-c.png")]) })
    rows.append(row("W1: 800×600, 1000 circles, one PNG", w1Result, goal: 0.7))

    // W2: 400×300, 500 steps each adding a circle, a PNG after every step and of the start.
    let w2 = Scene(width: 400, height: 300, count: 500, seed: 2)
    let w2Script = try write(w2.script(grouped: false), to: "w2.circles")
    let w2Numbers = try write(w2.numbers, to: "w2.txt")
    Measures.progress("W2…")
    // The C program takes twenty times as long: fewer of its runs.
    let w2Result = compare(
      runs: runs, referenceRuns: options.longRuns, warmUp: false,
      ours: { (circles, ["run", w2Script, "-o", fresh("w2")]) },
      theirs: { (reference, ["steps", w2Numbers, fresh("w2-c")]) })
    rows.append(row("W2: 400×300, 500 steps, 501 PNGs", w2Result, goal: 0.25))
    rows.append(
      BenchRow(
        "W2: peak memory of `circles run`", Measures.mebibytes(w2Result.memory), "64 MiB",
        ratio: Double(w2Result.memory) / Double(64 << 20), atMost: 1))

    // W2 with 5000 steps; its growth over W2 next to the C program's own.
    let w5 = Scene(width: 400, height: 300, count: 5000, seed: 3)
    let w5Script = try write(w5.script(grouped: false), to: "w5.circles")
    let w5Numbers = try write(w5.numbers, to: "w5.txt")
    Measures.progress("W2 × 5000…")
    let w5Result = compare(
      runs: options.quick ? 1 : 5, referenceRuns: options.quick ? 0 : 1, warmUp: false,
      ours: { (circles, ["run", w5Script, "-o", fresh("w5")]) },
      theirs: { (reference, ["steps", w5Numbers, fresh("w5-c")]) })
    if !options.quick {
      rows.append(row("W2 × 5000: 400×300, 5000 steps, 5001 PNGs", w5Result, goal: 0.25))
      let ours = w5Result.ours / w2Result.ours
      let theirs = w5Result.theirs / w2Result.theirs
      rows.append(
        BenchRow(
          "W2 × 5000 against W2: circles' growth, the C program's", Measures.times(ours),
          Measures.times(theirs) + " (C)", ratio: ours / theirs, atMost: 1))
    }

    // W3: two 1920×1080 PNGs written by Cairo, 5 circles changed, compared by `circles diff`.
    try drawW3Pictures()
    Measures.progress("W3…")
    let w3Result = compare(
      runs: runs, warmUp: true, ours: { (circles, ["diff", path("w3-a.png"), path("w3-b.png")]) },
      theirs: { (reference, ["diff", path("w3-a.png"), path("w3-b.png")]) })
    rows.append(row("W3: `circles diff`, two 1920×1080 PNGs", w3Result, goal: 0.6))

    Measures.progress("start-up…")
    let startResult = compare(
      runs: runs * 3, warmUp: true, ours: { (circles, ["--version"]) },
      theirs: { (programs.cairoVersion, []) })
    rows.append(
      row("start-up: `circles --version`, a C program linking Cairo", startResult, goal: 1.5))
    // What any Swift program takes, and one of Foundation: the floors under circles' figure.
    for (program, what) in [
      (programs.swiftPrint, "a Swift program that only prints"),
      (programs.swiftStart, "a Swift program using Foundation"),
    ] {
      let floor = compare(
        runs: runs * 3, warmUp: true, ours: { (program, []) },
        theirs: { (programs.cairoVersion, []) })
      rows.append(
        BenchRow(
          "start-up: \(what), linking Cairo; the C program", Measures.seconds(floor.ours),
          Measures.seconds(floor.theirs) + " (C)",
          ratio: Measures.times(floor.ours / floor.theirs), goal: "—", met: nil))
    }
    let againstSwift = compare(
      runs: runs * 3, warmUp: true, ours: { (circles, ["--version"]) },
      theirs: { (programs.swiftStart, []) })
    rows.append(
      BenchRow(
        "start-up: `circles --version`, the Swift program using Foundation",
        Measures.seconds(againstSwift.ours), Measures.seconds(againstSwift.theirs) + " (Swift)",
        ratio: Measures.times(againstSwift.ours / againstSwift.theirs), goal: "—", met: nil))

    rows += try undoRows(w2Seconds: w2Result.ours)
    return rows
  }

  /// A million undo-engine operations in process (notifications posted, as every manager
  /// does), against a minimal C undo stack.
  func undoRows(w2Seconds: Double) throws -> [BenchRow] {
    Measures.progress("undo…")
    var swift: [Double] = []
    var c: [Double] = []
    var swiftBytes = 0.0
    var cBytes = 0.0
    for _ in 0..<options.runs {
      let mine = UndoBenchmark.run(operations: 1_000_000)
      swift.append(mine.seconds)
      swiftBytes = max(swiftBytes, mine.bytesPerEntry)
      let fields = try Launcher.output(reference, ["undo", "1000000"]).split(separator: " ")
        .compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      if fields.count == 2 {
        c.append(fields[0])
        cBytes = fields[1]
      }
      Measures.progress("  UndoKit " + Measures.seconds(mine.seconds))
    }
    let seconds = Measures.median(swift)
    // W2 makes about one undo operation a step: the share of its time they would take.
    let share = seconds / 1_000_000 * 500 / w2Seconds
    return [
      BenchRow(
        String(
          format: "UndoKit: 1,000,000 register/undo/redo, notifications posted (W2's 500: %.3f %% "
            + "of its time)", share * 100), Measures.seconds(seconds),
        Measures.seconds(Measures.median(c)) + " (C)",
        ratio: Measures.times(seconds / Measures.median(c)), goal: "W2's 500 < 1 % of W2",
        met: share < 0.01),
      BenchRow(
        "UndoKit: memory per history entry", String(format: "%.0f bytes", swiftBytes),
        String(format: "%.0f bytes (C)", cBytes), ratio: Measures.times(swiftBytes / cBytes),
        goal: "—", met: nil),
    ]
  }

  /// `--baseline`: W1, W2 and W3 of this `circles` against another, interleaved.
  func baselineRows(_ baseline: String) throws -> [BenchRow] {
    let w1 = try write(
      Scene(width: 800, height: 600, count: 1000, seed: 1).script(grouped: true), to: "w1.circles")
    let w2 = try write(
      Scene(width: 400, height: 300, count: 500, seed: 2).script(grouped: false), to: "w2.circles")
    try drawW3Pictures()
    var rows: [BenchRow] = []
    for (name, arguments) in [
      ("W1", { ["run", w1, "-o", fresh("w1")] }), ("W2", { ["run", w2, "-o", fresh("w2")] }),
      ("W3", { ["diff", path("w3-a.png"), path("w3-b.png")] }),
    ] as [(String, () -> [String])] {
      Measures.progress("\(name) against \(baseline)…")
      let result = compare(
        runs: options.runs, warmUp: true, ours: { (circles, arguments()) },
        theirs: { (baseline, arguments()) })
      rows.append(
        BenchRow(
          "\(name): this circles against the baseline", Measures.seconds(result.ours),
          Measures.seconds(result.theirs) + " (baseline)",
          ratio: Measures.times(result.ours / result.theirs), goal: "—", met: nil))
    }
    return rows
  }
}
