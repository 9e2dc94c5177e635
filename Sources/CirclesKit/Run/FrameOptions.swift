import CircleRender
import Foundation

/// How `circles run` turns frames into files.
public struct FrameOptions: Sendable {
  /// The file format of frames and `render` targets; PNG unless set.
  public var format: FrameFormat
  /// For PNG frames, speed against size; `.default` unless set.
  public var compression: PNGCompression
  /// Whether frames are encoded and written on other threads while the next one is drawn.
  /// The files are the same either way.
  public var parallel: Bool

  /// Which frames are written as files; every one unless set.
  public var frames: FrameSelection = .all
  /// The animated image to write of the whole run, if any.
  public var animation: AnimationOptions?
  /// The contact sheet to write (a PNG), if any.
  public var sheet: URL?
  /// The most frame files a run writes; 0 for no bound. Past it the script stops with an
  /// error at the command whose frame would go over.
  public var maximumFrames = FrameOptions.defaultMaximumFrames
  /// The most bytes of frames and `render` targets a run writes; 0 for no bound. Past it the
  /// script stops with an error at the command whose file would go over.
  public var maximumBytes = FrameOptions.defaultMaximumBytes

  /// The default bound on frame files: 100,000, a folder a file manager still lists.
  public static let defaultMaximumFrames = 100_000
  /// The default bound on bytes written: 4 GiB, what an ordinary disk has free.
  public static let defaultMaximumBytes = 4 << 30

  /// Creates options.
  public init(
    format: FrameFormat = .png, compression: PNGCompression = .default, parallel: Bool = true
  ) {
    self.format = format
    self.compression = compression
    self.parallel = parallel
  }
}
