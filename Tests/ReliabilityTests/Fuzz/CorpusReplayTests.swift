import CircleCanvas
import CircleRender
import CircleScript
import CircleSnapshot
import CirclesTestSupport
import Foundation
import Testing

/// The fuzzer's seed corpus, and every crash it ever found (saved into the corpus), replayed
/// through the same checks as `Sources/CircleFuzz`; plus a quick seeded mutation run over the
/// samples, so that an ordinary `swift test` also throws malformed input at the parser.
@Suite("Fuzz corpus and mutations")
struct CorpusReplayTests {
  static let corpus = repositoryRoot.appendingPathComponent("fuzz/corpus")

  static func files(_ mode: String) -> [URL] {
    let folder = corpus.appendingPathComponent(mode)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }
  }

  /// Parses and runs a script as the fuzzer does; returns a problem, or `nil` when all is well.
  static func check(script bytes: [UInt8]) -> String? {
    let script: Script
    do {
      script = try Parser.parse(bytes, fileName: "fuzz.circles")
    } catch {
      let text = DiagnosticPrinter().render(error, source: bytes)
      return text.hasPrefix("fuzz.circles:") ? nil : "a diagnostic without a location: \(text)"
    }
    let host = FrameRecorder()
    let interpreter = Interpreter(host: host)
    // As the fuzzer does, so that a mutated loop count cannot run for minutes.
    interpreter.maximumCommands = 1000
    let failure: ScriptFailure?
    do {
      try interpreter.run(script)
      failure = nil
    } catch {
      failure = error
    }
    if let failure,
      !DiagnosticPrinter().render(failure.diagnostics, source: bytes).contains("error")
    {
      return "a failure that does not say error: \(failure)"
    }
    if host.frames.map(\.number) != Array(host.frames.indices) { return "frames out of order" }
    let manager = interpreter.canvas.undoManager
    if manager.groupingLevel != 0 { return "a group left open" }
    guard let start = host.frames.first, !bytes.containsLimit else { return nil }
    let steps = manager.undoCount
    for _ in 0..<steps { manager.undo() }
    if interpreter.canvas.circles != start.state.circles { return "undoing all is not the start" }
    return nil
  }

  @Test("every script in the corpus parses or fails cleanly, and its history undoes to the start")
  func scripts() {
    let files = Self.files("script")
    #expect(files.count >= 30)
    for file in files {
      guard let data = try? Data(contentsOf: file) else {
        Issue.record("cannot read \(file.lastPathComponent)")
        continue
      }
      if let problem = Self.check(script: [UInt8](data)) {
        Issue.record("\(file.lastPathComponent): \(problem)")
      }
    }
  }

  @Test(
    "corrupt PNG files are refused with the right error",
    arguments: [
      ("truncated.png", "damaged"), ("bad-crc.png", "damaged"), ("signature-only.png", "damaged"),
      ("bad-idat.png", "damaged"), ("huge-header.png", "large"), ("zero-size.png", "damaged"),
      ("chunk-length-huge.png", "damaged"), ("regression-chunk-claims-gigabytes.png", "damaged"),
    ])
  func corruptPNG(name: String, kind: String) throws {
    let data = try Data(contentsOf: Self.corpus.appendingPathComponent("png/\(name)"))
    do {
      _ = try PNGCodec.decode(data)
      Issue.record("\(name) decoded")
    } catch {
      switch (error, kind) {
      case (.imageTooLarge, "large"), (.damagedPNG, "damaged"): break
      default: Issue.record("\(name): \(error)")
      }
      #expect(!error.description.isEmpty)
    }
    _ = try? PNGTextChunks.entries(in: data)
    _ = try? GoldenMetadata(png: data)
  }

  @Test("valid PNG files of every colour type decode to the size they declare")
  func validPNG() throws {
    let sizes = [
      "rgba-2x2.png": (2, 2), "rgb-1x1.png": (1, 1), "grey16-2x1.png": (2, 1),
      "palette-2x2.png": (2, 2), "text-chunks.png": (1, 1),
    ]
    for (name, size) in sizes {
      let data = try Data(contentsOf: Self.corpus.appendingPathComponent("png/\(name)"))
      let image = try PNGCodec.decode(data)
      #expect(image.width == size.0 && image.height == size.1, "\(name)")
    }
    let text = try Data(contentsOf: Self.corpus.appendingPathComponent("png/text-chunks.png"))
    #expect(try PNGTextChunks.value(forKey: "circles:renderer", in: text) == "cairo")
  }

  /// Byte-level mutations of the samples: flips, deletions, insertions of the language's own
  /// characters and line shuffles, each parsed and run.
  @Test("seeded mutations of the samples never crash and keep the history sound")
  func mutations() throws {
    let samples = try FileManager.default.contentsOfDirectory(
      at: repositoryRoot.appendingPathComponent("samples"), includingPropertiesForKeys: nil
    ).filter { $0.pathExtension == "circles" }.map { [UInt8](try Data(contentsOf: $0)) }
    try #require(!samples.isEmpty)
    let alphabet =
      Array(" \t\n{}\",.x#-0123456789eEnNaIiundoregpmvcl/\\\u{0}()+*%=".utf8) + [0xFF, 0xC3]
    var random = SeededGenerator(seed: 2024)
    for round in 0..<1500 {
      var bytes = random.pick(samples)
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        guard !bytes.isEmpty else { break }
        let index = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: bytes[index] = random.pick(alphabet)
        case 1: bytes.remove(at: index)
        case 2: bytes.insert(random.pick(alphabet), at: index)
        default:
          let end = min(bytes.count, index + Int.random(in: 1...40, using: &random))
          bytes.insert(
            contentsOf: bytes[index..<end], at: Int.random(in: 0...index, using: &random))
        }
      }
      if let problem = Self.check(script: bytes) {
        Issue.record("mutation \(round): \(problem)\n\(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }
}

extension [UInt8] {
  /// Whether the text holds the word `limit`, which lets the history drop steps.
  fileprivate var containsLimit: Bool {
    let word = Array("limit".utf8)
    guard count >= word.count else { return false }
    return (0...(count - word.count)).contains { self[$0..<$0 + word.count].elementsEqual(word) }
  }
}
