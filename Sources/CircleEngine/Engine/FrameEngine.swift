import CircleCanvas
import CircleRender
import CircleScript
import Foundation

/// Turns a script into the sequence of its states, drawn once, for the consumer of a command.
///
/// The engine is the interpreter's host: it hands each frame and `render` target to its
/// ``FrameConsumer`` as one value (``EngineFrame``, ``EngineRender``) that draws the state's
/// pixels, tells the region that changed and encodes the file only when the consumer asks.
/// One `IncrementalRenderer` draws every state, repainting only what changed since the state
/// drawn before, at a smaller scale when the pictures are to be at most `largestSide` pixels
/// on a side; a state reached again (by undo or redo, or a `render` of the current frame) is
/// encoded once, from a cache of the bytes already made. `expect pixel` reads the same
/// pictures, or full-size ones when the pictures are smaller.
///
/// Frames written on other threads fail after the script has gone on; a ``LateFailure``
/// gives the failure the interpreter would have given at the frame's or `render`'s command.
package final class FrameEngine: ScriptHost {
  /// What the engine draws and encodes.
  package struct Options: Sendable {
    /// The format of the encoded files.
    package var format: FrameFormat
    /// For PNG files, speed against size.
    package var compression: PNGCompression
    /// The longest side of a picture, in pixels; `nil` draws at the canvas's own scale.
    package var largestSide: Int?
    /// Whether each frame knows the state of the frame before, for ``EngineFrame/highlight``.
    package var tracksChanges: Bool
    /// The most changes the run's undo history keeps (`Interpreter.maximumKeptChanges`); 0 for
    /// no bound.
    package var maximumKeptChanges: Int
    /// When the run must end, whatever it is doing (`Interpreter.deadline`); `nil` for no
    /// bound.
    package var deadline: ContinuousClock.Instant?

    /// Creates options.
    package init(
      format: FrameFormat = .png, compression: PNGCompression = .default,
      largestSide: Int? = nil, tracksChanges: Bool = false,
      maximumKeptChanges: Int = Interpreter.defaultMaximumKeptChanges
    ) {
      self.format = format
      self.compression = compression
      self.largestSide = largestSide
      self.tracksChanges = tracksChanges
      self.maximumKeptChanges = maximumKeptChanges
    }
  }

  package let options: Options
  /// Takes every frame and `render` target.
  package let consumer: any FrameConsumer
  /// Draws every state the consumer asks to see.
  let renderer = IncrementalRenderer()
  /// Answers `expect pixel` at the canvas's scale when the pictures are smaller.
  private lazy var fullSize = IncrementalRenderer()
  /// Bytes encoded for earlier states, reused for a state drawn again.
  let cache = EncodedFrameCache()
  /// Shares compressed rows between consecutive PNG files.
  private let pngEncoder: PNGSequenceEncoder
  /// The state of the frame before, when changes are tracked.
  private(set) var previous = KeptState()
  /// The interpreter running now, whose `render` sites the engine reads.
  private weak var interpreter: Interpreter?

  /// Creates an engine for a consumer.
  package init(options: Options = Options(), consumer: any FrameConsumer) {
    self.options = options
    self.consumer = consumer
    pngEncoder = PNGSequenceEncoder(compression: options.compression)
  }

  /// An interpreter that runs scripts on this engine, drawing on `canvas`.
  package func interpreter(on canvas: Canvas = Canvas()) -> Interpreter {
    let interpreter = Interpreter(canvas: canvas, host: self)
    interpreter.maximumKeptChanges = options.maximumKeptChanges
    interpreter.deadline = options.deadline
    self.interpreter = interpreter
    return interpreter
  }

  /// Runs a parsed script against a new canvas.
  ///
  /// - Returns: the canvas as the script left it, and the run error or failed `expect` that
  ///   stopped the script, if any.
  package func run(_ script: Script) -> (canvas: Canvas, failure: ScriptFailure?) {
    let interpreter = interpreter()
    do {
      try interpreter.run(script)
      return (interpreter.canvas, nil)
    } catch {
      return (interpreter.canvas, error)
    }
  }

  package func scriptDidProduceFrame(_ frame: Frame) throws {
    defer { if options.tracksChanges { previous.keep(frame.state) } }
    try consumer.consume(EngineFrame(frame, engine: self))
  }

  package func scriptRender(_ state: CanvasState, toPath path: String) throws {
    let start = SourceRange.startOfFile()
    try scriptRender(state, toPath: path, at: start)
  }

  package func scriptRender(
    _ state: CanvasState, toPath path: String, at range: SourceRange
  ) throws {
    let site =
      interpreter?.renderSite
      ?? OutputSite(output: .render(path: path, at: range), command: range, contexts: [])
    try consumer.consume(EngineRender(state: state, path: path, site: site, engine: self))
  }

  package func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    try consumer.willReadPixel()
    let picture = pictureState(state)
    if picture.scale == state.scale { return try renderer.pixel(of: state, x: x, y: y) }
    return try fullSize.pixel(of: state, x: x, y: y)
  }

  /// The state as its picture is drawn: at a smaller scale when a side would pass
  /// `largestSide`.
  package func pictureState(_ state: CanvasState) -> CanvasState {
    guard let largestSide = options.largestSide else { return state }
    let side = max(state.pixelWidth, state.pixelHeight)
    guard side > largestSide else { return state }
    var smaller = state
    smaller.scale = state.scale * Double(largestSide) / Double(side)
    return smaller
  }

  /// Draws a state's picture, repainting what changed since the one drawn before.
  ///
  /// - Returns: the renderer holding the picture.
  func draw(_ state: CanvasState) throws(RenderError) -> IncrementalRenderer {
    try renderer.update(to: pictureState(state))
    return renderer
  }

  /// The encoded file of a state in `format` (the engine's unless given): from the cache, or
  /// a new one whose work is left to whoever reads its bytes. The drawing happens here, on the
  /// calling thread.
  package func encoded(
    _ state: CanvasState, as format: FrameFormat? = nil
  ) throws -> EncodedPicture {
    let format = format ?? options.format
    guard format == options.format else {
      let data = try format.encode(state, compression: options.compression) {
        state throws(RenderError) in try renderer.image(of: pictureState(state))
      }
      return EncodedPicture(data)
    }
    if let known = cache.frame(for: state) { return EncodedPicture(known, work: nil) }
    let encoded = EncodedFrame()
    switch format {
    case .png:
      // The encoder asks the system for its memory and reports a shortage as an error.
      let prepared = try pngEncoder.prepare(try draw(state))
      cache.insert(encoded, for: state)
      return EncodedPicture(encoded, work: { encoded.fulfil(Result { try prepared.encode() }) })
    case .svg, .pdf:
      cache.insert(encoded, for: state)
      return EncodedPicture(encoded, work: { encoded.fulfil(Result { try format.encode(state) }) })
    }
  }
}
