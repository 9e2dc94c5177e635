import CircleRender
import CircleScript
import Foundation

/// How `circles run` turns frames into files.
package struct RunOptions: Sendable {
  /// The file format of frames and `render` targets; PNG unless set.
  package var format: FrameFormat
  /// For PNG frames, speed against size; `.default` unless set.
  package var compression: PNGCompression
  /// Whether frames are encoded and written on other threads while the next one is drawn.
  /// The files are the same either way.
  package var parallel: Bool

  /// Which frames are written as files; every one unless set.
  package var frames: FrameSelection = .all
  /// The animated image to write of the whole run, if any.
  package var animation: AnimationOptions?
  /// The contact sheet to write (a PNG), if any.
  package var sheet: URL?
  /// The most frame files a run writes; 0 for no bound. Past it the script stops with an
  /// error at the command whose frame would go over.
  package var maximumFrames = RunOptions.defaultMaximumFrames
  /// The most bytes of frames and `render` targets a run writes; 0 for no bound. Past it the
  /// script stops with an error at the command whose file would go over.
  package var maximumBytes = RunOptions.defaultMaximumBytes
  /// The most changes the run's undo history keeps; 0 for no bound. Past it the script stops
  /// with an error at the change that would go over.
  package var maximumKeptChanges = Interpreter.defaultMaximumKeptChanges

  /// The default bound on frame files: 100,000, a folder a file manager still lists.
  package static let defaultMaximumFrames = 100_000
  /// The default bound on bytes written: 4 GiB, what an ordinary disk has free.
  package static let defaultMaximumBytes = 4 << 30

  /// Creates options.
  package init(
    format: FrameFormat = .png, compression: PNGCompression = .default, parallel: Bool = true
  ) {
    self.format = format
    self.compression = compression
    self.parallel = parallel
  }
}
