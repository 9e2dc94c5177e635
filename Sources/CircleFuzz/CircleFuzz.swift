import CircleCanvas
import CircleRender
import CircleScript
import CircleSnapshot
import Foundation

// A libFuzzer target over everything that reads untrusted bytes.
//
// `CIRCLES_FUZZ_MODE=script` (the default) feeds each input to the lexer, parser and
// interpreter as a `.circles` script, rendering only tiny canvases and stopping a run after
// `largestCommandCount` commands, so that a `repeat 2147483647` ends; `CIRCLES_FUZZ_MODE=png`
// feeds it to the PNG decoder and the golden metadata reader as a PNG file. Besides crashes,
// the script mode traps when a run breaks a rule of the undo history: frames must be numbered
// in order, and undoing every step of a script without `limit` must give back the start.
//
// Built only when CIRCLES_FUZZ is set; `scripts/fuzz` builds and runs it.

/// The mode, read once from the environment.
private let pngMode = ProcessInfo.processInfo.environment["CIRCLES_FUZZ_MODE"] == "png"

/// Canvases of more pixels than this are not rendered: the fuzzer looks for logic errors, not
/// for the time Cairo takes to fill a large image.
private let largestRenderedPixelCount = 64 * 64

@_cdecl("LLVMFuzzerTestOneInput")
public func circlesFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if pngMode {
    fuzzPNG(Data(bytes))
  } else {
    fuzzScript(bytes)
  }
  return 0
}

/// The most commands one input runs (loops included): enough for every loop of the corpus,
/// few enough that rendering each frame stays well inside libFuzzer's time limit.
private let largestCommandCount = 1000

/// Parses and runs a script, then checks the frames and the history it left.
private func fuzzScript(_ bytes: [UInt8]) {
  let script: Script
  do {
    script = try Parser.parse(bytes, fileName: "fuzz.circles")
  } catch {
    precondition(
      (1...SyntaxErrors.limit).contains(error.diagnostics.count), "a parse failed without errors")
    _ = DiagnosticPrinter().render(error, source: bytes)
    return
  }
  let host = TinyHost()
  let interpreter = Interpreter(host: host)
  interpreter.maximumCommands = largestCommandCount
  do {
    try interpreter.run(script)
  } catch {
    precondition(error.diagnostics.count == 1, "a run stopped with more than one error")
    _ = DiagnosticPrinter().render(error.diagnostics, source: bytes)
  }
  for (index, frame) in host.frames.enumerated() where frame.number != index {
    fatalError("frame \(frame.number) arrived in position \(index)")
  }
  let manager = interpreter.canvas.undoManager
  guard let start = host.frames.first, !script.statements.contains(where: \.usesLimit) else {
    return
  }
  guard manager.groupingLevel == 0 else { fatalError("a group was left open") }
  let steps = manager.undoCount
  for _ in 0..<steps { manager.undo() }
  guard interpreter.canvas.circles == start.state.circles else {
    fatalError("undoing all \(steps) steps does not give back the start")
  }
  for _ in 0..<steps { manager.redo() }
}

/// Decodes a PNG file and reads its golden metadata.
///
/// Files whose header declares more than `largestDecodedPixelCount` pixels are not decoded:
/// Cairo allocates the whole image before reading a byte of it, and a gigabyte per input would
/// only measure the allocator. Their metadata is still read.
private func fuzzPNG(_ data: Data) {
  if declaredPixelCount(data) <= largestDecodedPixelCount, let image = try? PNGCodec.decode(data) {
    precondition(image.pixels.count == image.width * image.height, "pixels do not fill the image")
    if image.width * image.height <= largestRenderedPixelCount {
      _ = try? PNGCodec.encode(image)
    }
  }
  _ = try? PNGTextChunks.entries(in: data)
  if let metadata = try? GoldenMetadata(png: data), let scene = metadata.scene {
    _ = try? metadata.embedded(in: data)
    _ = scene.pixelWidth
  }
}

/// The most pixels a fuzzed PNG may declare and still be decoded.
private let largestDecodedPixelCount = 2048 * 2048

/// Width × height from a header chunk at the start of `data`, or 0 when there is none.
private func declaredPixelCount(_ data: Data) -> Int {
  let bytes = [UInt8](data.prefix(24))
  guard bytes.count == 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return 0 }
  let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
  let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
  let (count, overflow) = width.multipliedReportingOverflow(by: height)
  return overflow ? Int.max : count
}

/// A host that keeps frames and renders only tiny canvases.
private final class TinyHost: ScriptHost {
  var frames: [Frame] = []

  func scriptDidProduceFrame(_ frame: Frame) throws {
    frames.append(frame)
    _ = try render(frame.state)
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    _ = try render(state)
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    try render(state)?.colour(atX: x, y: y) ?? state.background
  }

  private func render(_ state: CanvasState) throws -> PixelImage? {
    guard state.pixelWidth * state.pixelHeight <= largestRenderedPixelCount else { return nil }
    return try Renderer.render(state)
  }
}

extension Statement {
  /// Whether the statement is, or holds, a `limit`, which drops steps from the history.
  fileprivate var usesLimit: Bool {
    switch command {
    case .limit: true
    case .group(_, let body), .repeat(_, _, let body): body.contains(where: \.usesLimit)
    default: false
    }
  }
}
