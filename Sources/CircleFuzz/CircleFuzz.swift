import CircleCanvas
import CircleRender
import CircleScript
import CircleSnapshot
import Foundation

// A libFuzzer target over everything that reads untrusted bytes.
//
// `CIRCLES_FUZZ_MODE=script` (the default) feeds each input to the lexer, parser and
// interpreter as a `.circles` script, rendering only tiny canvases, incrementally and up to
// `largestDrawnCircleCount` circles, and stopping a run after `largestCommandCount` commands,
// so that a `repeat 2147483647` ends and no input costs more than a bounded amount of work,
// however busy the machine (libFuzzer's time limit is a net, not the bound);
// `CIRCLES_FUZZ_MODE=png` feeds it to the PNG decoder and the golden metadata reader as a PNG file. Besides crashes,
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

/// The most commands one input runs (loops included): enough for every loop of the corpus.
private let largestCommandCount = 1000

/// The most circles one input draws, over all its frames: a frame that adds a circle draws
/// one, a frame redrawn whole draws all of its circles. Past it the frames are still checked
/// but no longer drawn, so an input's drawing stays within about a second under the address
/// sanitizer (a loop of 1000 frames redrawn whole would draw half a million).
private let largestDrawnCircleCount = 50_000

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
  for (index, number) in host.frameNumbers.enumerated() where number != index {
    fatalError("frame \(number) arrived in position \(index)")
  }
  let manager = interpreter.canvas.undoManager
  let usesLimit =
    script.statements.contains(where: \.usesLimit)
    || script.procedures.values.contains { $0.body.contains(where: \.usesLimit) }
  guard let start = host.start, !usesLimit else {
    return
  }
  guard manager.groupingLevel == 0 else { fatalError("a group was left open") }
  let steps = manager.undoCount
  for _ in 0..<steps { manager.undo() }
  guard interpreter.canvas.circles == start.circles else {
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

/// A host that keeps the frames' numbers and the first state, and renders only tiny canvases,
/// incrementally and up to `largestDrawnCircleCount` circles.
///
/// Keeping every frame's state would also keep every circle array the canvas made: each `add`
/// would then copy all the circles before it, work that grows with the square of the frames.
private final class TinyHost: ScriptHost {
  /// The numbers of the frames, in the order they came.
  var frameNumbers: [Int] = []
  /// The state of the first frame.
  var start: CanvasState?
  private let renderer = IncrementalRenderer()
  /// The circles drawn so far.
  private var drawnCircles = 0

  func scriptDidProduceFrame(_ frame: Frame) throws {
    frameNumbers.append(frame.number)
    if start == nil { start = frame.state }
    try render(frame.state)
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    try render(state)
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    guard try render(state) else { return state.background }
    return renderer.colour(atX: x, y: y) ?? state.background
  }

  /// Brings the picture to `state`, unless it is too large or the input has drawn enough.
  ///
  /// - Returns: whether it was drawn.
  @discardableResult
  private func render(_ state: CanvasState) throws -> Bool {
    guard state.pixelWidth * state.pixelHeight <= largestRenderedPixelCount,
      drawnCircles < largestDrawnCircleCount
    else { return false }
    let before = renderer.statistics
    let shown = renderer.state?.circles.count ?? 0
    try renderer.update(to: state)
    let after = renderer.statistics
    if after.appends > before.appends {
      drawnCircles += state.circles.count - shown
    } else if after.unchanged == before.unchanged {
      drawnCircles += state.circles.count
    }
    return true
  }
}

extension Statement {
  /// Whether the statement is, or holds, a `limit`, which drops steps from the history.
  fileprivate var usesLimit: Bool {
    switch command {
    case .limit: true
    case .group(_, let body), .repeat(_, _, let body): body.contains(where: \.usesLimit)
    case .if(let branches, let otherwise):
      (branches.flatMap(\.body) + (otherwise ?? [])).contains(where: \.usesLimit)
    default: false
    }
  }
}
