import CircleCanvas
import CircleRender
import CircleScript
import Foundation

/// The script host of `circles run`: draws each frame and writes it whole as a file.
///
/// Drawing happens on the calling thread, each state repainting only what changed since the
/// last (`IncrementalRenderer`). Encoding and writing go to a `FramePipeline`, so frame N is
/// encoded and written while frame N+1 is drawn. A state already encoded (reached again by
/// undo or redo) is written from the same bytes. The files are the same whether the pipeline
/// is parallel or not.
final class FrameWriter: ScriptHost {
  /// The output folder, locked for the run.
  let folder: FrameFolder
  let options: FrameOptions
  private(set) var frames: [WrittenFrame] = []
  private(set) var renders: [URL] = []
  /// The `render` that wanted the file of a later frame, if one did: the run stopped there.
  private(set) var clash: FrameFolder.Clash?
  /// Draws every state; the run's animation and contact sheet read its pictures too.
  let renderer = IncrementalRenderer()
  private let cache = EncodedFrameCache()
  /// Shares compressed rows between consecutive PNG frames.
  private let pngEncoder: PNGSequenceEncoder
  private let pipeline: FramePipeline
  private let budget: OutputBudget

  init(folder: FrameFolder, options: FrameOptions = FrameOptions()) {
    self.folder = folder
    self.options = options
    self.pipeline = FramePipeline(parallel: options.parallel)
    pngEncoder = PNGSequenceEncoder(compression: options.compression)
    budget = OutputBudget(maximumFrames: options.maximumFrames, maximumBytes: options.maximumBytes)
  }

  /// How many frames were written from bytes encoded for an earlier frame.
  var reusedFrames: Int { cache.hits }

  func scriptDidProduceFrame(_ frame: Frame) throws {
    let name = frame.name + "." + options.format.fileExtension
    try budget.claimFrame()
    do {
      try folder.claimFrame(named: name, number: frame.number)
    } catch {
      clash = error
      throw error
    }
    let (encoded, encode) = try encodedFrame(for: frame.state)
    let turn = budget.nextTurn()
    let make: @Sendable () throws -> Data = { [budget] in
      encode?()
      let bytes = Result { try encoded.bytes() }
      try budget.claim(bytes: (try? bytes.get())?.count, turn: turn)
      return try bytes.get()
    }
    let store: @Sendable (Data) throws -> Void = { [folder] data in
      try folder.writeFrame(data, named: name)
    }
    // The first frame is written at once, so a folder that cannot be written is reported at
    // the first command.
    if frames.isEmpty {
      try store(try make())
    } else {
      do {
        try pipeline.submit(frame: frame.number, make, then: store)
      } catch {
        // The job will not run: its turn passes, so no later claim waits for it.
        try? budget.claim(bytes: nil, turn: turn)
        throw error
      }
    }
    frames.append(WrittenFrame(frame, url: folder.url.appendingPathComponent(name)))
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    let target = try RenderPath(path, fileExtension: options.format.fileExtension)
    let (encoded, encode) = try encodedFrame(for: state)
    encode?()
    let turn = budget.nextTurn()
    let bytes = Result { try encoded.bytes() }
    try budget.claim(bytes: (try? bytes.get())?.count, turn: turn)
    let data = try bytes.get()
    renders.append(try folder.writeRender(data, to: target))
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    try renderer.pixel(of: state, x: x, y: y)
  }

  /// Waits for every frame to be written.
  ///
  /// Each frame is written to a temporary file and renamed into place, so a reader, or the
  /// folder after `circles` is killed or crashes, holds each frame whole or not at all. Frames
  /// are not forced to disk (`fsync`): the system writes them out as it does any file.
  /// Flushing made a run wait for every dirty file of the file system, other programs' too,
  /// which cost more than encoding the frames.
  ///
  /// - Returns: the number of the first frame that could not be written and why, if any;
  ///   frames after it are removed, so the folder holds the frames before the failure, as when
  ///   writing one by one.
  func finish() -> (frame: Int, error: any Error)? {
    guard let failure = pipeline.finish() else { return nil }
    for frame in frames where frame.number > failure.frame {
      folder.discardFrame(named: frame.url.lastPathComponent)
    }
    frames.removeAll { $0.number >= failure.frame }
    return failure
  }

  /// The encoded bytes for a state: from the cache, or a new entry with the work that fills
  /// it, to run where the caller chooses. The drawing happens here, on the calling thread.
  private func encodedFrame(
    for state: CanvasState
  ) throws -> (EncodedFrame, (@Sendable () -> Void)?) {
    if let known = cache.frame(for: state) { return (known, nil) }
    let encoded = EncodedFrame()
    switch options.format {
    case .png:
      try renderer.update(to: state)
      let prepared = try pngEncoder.prepare(renderer)
      cache.insert(encoded, for: state)
      return (encoded, { encoded.fulfil(Result { try prepared.encode() }) })
    case .svg, .pdf:
      let format = options.format
      cache.insert(encoded, for: state)
      return (encoded, { encoded.fulfil(Result { try format.encode(state) }) })
    }
  }
}
