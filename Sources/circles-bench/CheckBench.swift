import CZlib
import Foundation

/// The `circles check` workloads of BENCHMARKS.md (`circles-bench --check`): a passing check
/// against `run` of the same script, side by side; the goldens' bytes against the frames'; peak
/// memory on large frames and on a golden that declares a huge image; growth from 500 to 5000
/// steps against `run`'s; and a 5000-step history with one inserted step against an unchanged
/// one.
struct CheckBench {
  let circles: String
  let folder: URL
  let runs: Int
  let quick: Bool

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func progress(_ text: String) { Measures.progress(text) }

  /// A new empty folder for one run's files.
  func fresh(_ name: String) -> String {
    let made = path("\(name)-\(UUID().uuidString.prefix(8))")
    try? FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
    return made
  }

  /// A folder holding `name.circles` with the scene's script.
  func scriptFolder(_ name: String, _ text: String) throws -> String {
    let folder = fresh(name)
    try text.write(toFile: folder + "/\(name).circles", atomically: true, encoding: .utf8)
    return folder
  }

  /// Times two commands interleaved; returns their medians (seconds).
  func interleaved(
    runs: Int, _ one: () -> (String, [String]), _ two: () -> (String, [String])
  ) -> (Double, Double) {
    var first: [Double] = []
    var second: [Double] = []
    for _ in 0..<runs {
      let (a, b) = one()
      first.append(Launcher.run(a, b).seconds)
      let (c, d) = two()
      second.append(Launcher.run(c, d).seconds)
      progress(String(format: "  %.3f s  %.3f s", first.last!, second.last!))
    }
    return (Measures.median(first), Measures.median(second))
  }

  func rows() throws -> [BenchRow] {
    var rows: [BenchRow] = []
    // A passing check of 1000 steps against run, and the goldens' bytes against the frames'.
    let w1000 = Scene(width: 400, height: 300, count: 1000, seed: 6).script(grouped: false)
    let checkFolder = try scriptFolder("w1000", w1000)
    let script = checkFolder + "/w1000.circles"
    progress("check of 1000 steps: recording…")
    _ = Launcher.run(circles, ["check", script, "--record"])
    progress("check of 1000 steps against run of the same script…")
    let (check, run) = interleaved(
      runs: runs, { (circles, ["check", script]) },
      { (circles, ["run", script, "-o", fresh("w1000-run-ours")]) })
    rows.append(
      BenchRow(
        "passing `check` of 1000 steps (400×300) against `run`", seconds(check),
        seconds(run), ratio: check / run, atMost: 1.5))
    let frames = fresh("w1000-frames")
    _ = Launcher.run(circles, ["run", script, "-o", frames])
    let golden = Measures.bytes(below: checkFolder + "/__snapshots__")
    let frameBytes = Measures.bytes(below: frames)
    rows.append(
      BenchRow(
        "golden bytes (PNGs and history) against frame bytes, 1000 steps",
        megabytes(golden), megabytes(frameBytes),
        ratio: Double(golden) / Double(frameBytes), atMost: 1.15))

    // Memory: 600 frames of 1024×1024, and a golden that declares 16384×16384.
    progress("check of 600 frames of 1024×1024…")
    let large = try scriptFolder(
      "large", Scene(width: 1024, height: 1024, count: 600, seed: 7).script(grouped: false))
    _ = Launcher.run(circles, ["check", large + "/large.circles", "--record"])
    let largeCheck = Launcher.run(circles, ["check", large + "/large.circles"])
    rows.append(
      BenchRow(
        "peak memory of `check`, 600 frames of 1024×1024",
        megabytes(largeCheck.peakMemory), "512 MiB",
        ratio: Double(largeCheck.peakMemory) / Double(512 << 20), atMost: 1))
    let huge = try scriptFolder("huge", "canvas 40x30\nadd a at 10,10 r 5\n")
    let hugeGoldens = huge + "/__snapshots__/huge"
    try FileManager.default.createDirectory(atPath: hugeGoldens, withIntermediateDirectories: true)
    for name in ["0000-start", "0001-add-a"] {
      try Self.hugePNG().write(to: URL(fileURLWithPath: hugeGoldens + "/\(name).png"))
    }
    let hugeCheck = Launcher.run(circles, ["check", huge + "/huge.circles"])
    rows.append(
      BenchRow(
        "peak memory of `check` against two goldens declaring 16384×16384",
        megabytes(hugeCheck.peakMemory), "64 MiB",
        ratio: Double(hugeCheck.peakMemory) / Double(64 << 20), atMost: 1))

    // Growth from 500 to 5000 steps, against run's on the same scripts.
    progress("500 and 5000 steps…")
    let small = try scriptFolder(
      "h", Scene(width: 400, height: 300, count: 500, seed: 2).script(grouped: false))
    let long = Scene(width: 400, height: 300, count: 5000, seed: 3).script(grouped: false)
    let longFolder = try scriptFolder("h", long)
    for folder in [small, longFolder] {
      _ = Launcher.run(circles, ["check", folder + "/h.circles", "--record"])
    }
    let longRuns = quick ? 1 : 3
    let (smallCheck, smallRun) = interleaved(
      runs: runs, { (circles, ["check", small + "/h.circles"]) },
      { (circles, ["run", small + "/h.circles", "-o", fresh("h500-run-ours")]) })
    let (longCheck, longRun) = interleaved(
      runs: longRuns, { (circles, ["check", longFolder + "/h.circles"]) },
      { (circles, ["run", longFolder + "/h.circles", "-o", fresh("h5000-run-ours")]) })
    rows.append(
      BenchRow(
        "`check` 5000 steps / 500 steps, against `run`'s growth",
        String(format: "%.2f×", longCheck / smallCheck),
        String(format: "%.2f×", longRun / smallRun),
        ratio: (longCheck / smallCheck) / (longRun / smallRun), atMost: 1.15))

    // One inserted step in a 5000-step history: the same goldens, through --golden.
    progress("5000 steps with one inserted step…")
    var lines = long.split(separator: "\n").map(String.init)
    lines.insert("add ghost at 5,5 r 3 opacity 0", at: 3)
    let inserted = try scriptFolder("h", lines.joined(separator: "\n") + "\n")
    let goldenRoot = longFolder + "/__snapshots__"
    let (edited, unchanged) = interleaved(
      runs: longRuns,
      { (circles, ["check", inserted + "/h.circles", "--golden", goldenRoot]) },
      { (circles, ["check", longFolder + "/h.circles", "--golden", goldenRoot]) })
    rows.append(
      BenchRow(
        "`check` of 5000 steps with one inserted step, against unchanged",
        seconds(edited), seconds(unchanged), ratio: edited / unchanged,
        atMost: 1.3))
    return rows
  }

  func seconds(_ value: Double) -> String { Measures.seconds(value) }

  func megabytes(_ value: Int) -> String { Measures.mebibytes(value) }

  /// A valid PNG declaring 16384 × 16384 one-bit grey pixels: 32 KB of file, compressed a row
  /// at a time, so that making it does not raise the benchmark's own memory (which a program it
  /// starts would be counted with until it replaces itself).
  static func hugePNG() -> Data {
    func bigEndian(_ value: UInt32) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      let crc = UInt32(body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
      return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }
    let side = 16384
    var row = [UInt8](repeating: 0, count: 1 + side / 8)
    var output = [UInt8](repeating: 0, count: 1 << 16)
    var compressed: [UInt8] = []
    var stream = z_stream()
    _ = circles_deflate_init(&stream, 9, 15, Z_DEFAULT_STRATEGY)
    for index in 0..<side {
      row.withUnsafeMutableBufferPointer { input in
        stream.next_in = input.baseAddress
        stream.avail_in = uInt(input.count)
        repeat {
          output.withUnsafeMutableBufferPointer { out in
            stream.next_out = out.baseAddress
            stream.avail_out = uInt(out.count)
            _ = deflate(&stream, index == side - 1 ? Z_FINISH : Z_NO_FLUSH)
            compressed += out[0..<(out.count - Int(stream.avail_out))]
          }
        } while stream.avail_in > 0 || (index == side - 1 && stream.avail_out == 0)
      }
    }
    deflateEnd(&stream)
    let header = bigEndian(UInt32(side)) + bigEndian(UInt32(side)) + [1, 0, 0, 0, 0]
    return Data(
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        + chunk("IDAT", compressed) + chunk("IEND", []))
  }
}
