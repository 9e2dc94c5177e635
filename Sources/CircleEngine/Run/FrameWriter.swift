import CircleCanvas
import CircleRender
import CircleScript
import Foundation

/// Writes `circles run`'s frames and `render` targets whole as files, from the pictures a
/// ``FrameEngine`` encodes.
///
/// Encoding and writing go to a `FramePipeline`, so frame N is encoded and written while frame
/// N+1 is drawn. A state already encoded (reached again by undo or redo) is written from the
/// same bytes. The files are the same whether the pipeline is parallel or not.
final class FrameWriter {
  /// The output folder, locked for the run.
  let folder: FrameFolder
  let options: RunOptions
  private(set) var frames: [WrittenFrame] = []
  private(set) var renders: [URL] = []
  /// The `render` that wanted the file of a later frame, if one did: the run stopped there.
  private(set) var clash: LateFailure?
  private let pipeline: FramePipeline
  private let budget: OutputBudget

  init(folder: FrameFolder, options: RunOptions = RunOptions()) {
    self.folder = folder
    self.options = options
    self.pipeline = FramePipeline(parallel: options.parallel)
    budget = OutputBudget(maximumFrames: options.maximumFrames, maximumBytes: options.maximumBytes)
  }

  /// Writes a frame: at once for the first, so that a folder that cannot be written is reported
  /// at the first command; beside the drawing of the next frames for the others.
  ///
  /// - Parameters:
  ///   - frame: the frame's number, action and name; its state is not read.
  ///   - site: where it was asked for.
  ///   - circleCount: circles on the canvas then.
  ///   - picture: makes the encoded picture (drawing it on this thread).
  func write(
    _ frame: Frame, site: OutputSite, circleCount: Int, picture: () throws -> EncodedPicture
  ) throws {
    let name = frame.name + "." + options.format.fileExtension
    try budget.claimFrame()
    do throws(FrameFolder.Clash) {
      try folder.claimFrame(named: name, number: frame.number)
    } catch {
      clash = error.renderFailure
      throw error
    }
    let encoded = try picture()
    let turn = budget.nextTurn()
    let make: @Sendable () throws -> Data = { [budget] in
      do {
        let bytes = Result { try encoded.bytes() }
        try budget.claim(bytes: (try? bytes.get())?.count, turn: turn)
        return try bytes.get()
      } catch {
        throw LateFailure(site: site, circleCount: circleCount, error: error)
      }
    }
    let store: @Sendable (Data) throws -> Void = { [folder] data in
      do {
        try folder.writeFrame(data, named: name)
      } catch {
        throw LateFailure(site: site, circleCount: circleCount, error: error)
      }
    }
    if frames.isEmpty {
      do {
        try store(try make())
      } catch let late as LateFailure {
        throw late.error
      }
    } else {
      do {
        try pipeline.submit(frame: frame.number, make, then: store)
      } catch {
        // The job will not run: its turn passes, so no later claim waits for it.
        try? budget.claim(bytes: nil, turn: turn)
        throw error
      }
    }
    frames.append(
      WrittenFrame(
        number: frame.number, action: frame.action, name: frame.name,
        url: folder.url.appendingPathComponent(name)))
  }

  /// Writes a `render` target.
  func write(_ render: EngineRender) throws {
    let target = try RenderPath(render.path, fileExtension: options.format.fileExtension)
    let encoded = try render.encoded()
    let turn = budget.nextTurn()
    let bytes = Result { try encoded.bytes() }
    try budget.claim(bytes: (try? bytes.get())?.count, turn: turn)
    let data = try bytes.get()
    renders.append(
      try folder.writeRender(data, to: target, site: (render.site, render.state.circles.count)))
  }

  /// Waits for every frame to be written.
  ///
  /// Each frame is written to a temporary file and renamed into place, so a reader, or the
  /// folder after `circles` is killed or crashes, holds each frame whole or not at all. Frames
  /// are not forced to disk (`fsync`): the system writes them out as it does any file.
  /// Flushing made a run wait for every dirty file of the file system, other programs' too,
  /// which cost more than encoding the frames.
  ///
  /// - Returns: the first frame that could not be written, where it was asked for and why, if
  ///   any; frames after it are removed, so the folder holds the frames before the failure, as
  ///   when writing one by one.
  func finish() -> LateFailure? {
    guard let failure = pipeline.finish(), let late = failure.error as? LateFailure else {
      return nil
    }
    for frame in frames where frame.number > failure.frame {
      folder.discardFrame(named: frame.url.lastPathComponent)
    }
    frames.removeAll { $0.number >= failure.frame }
    return late
  }
}
