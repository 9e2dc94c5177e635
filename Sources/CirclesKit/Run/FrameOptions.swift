import CircleRender
import Foundation

/// How `circles run` turns frames into files.
public struct FrameOptions: Sendable {
  /// The file format of frames and how to make them. Each format names its file extension and
  /// how a canvas state becomes bytes.
  public enum Format: Sendable, Equatable {
    /// PNG through the renderer, with the given compression.
    case png(PNGCompression)
    /// SVG through Cairo's SVG surface: the canvas in points (`VectorRenderer`).
    case svg
    /// A one-page PDF through Cairo's PDF surface: the canvas in points (`VectorRenderer`).
    case pdf

    /// The format of a `FrameFormat` (as `--format` names it), PNG at the given compression.
    public init(_ format: FrameFormat, compression: PNGCompression = .default) {
      switch format {
      case .png: self = .png(compression)
      case .svg: self = .svg
      case .pdf: self = .pdf
      }
    }

    /// The extension of frame files, without the dot.
    public var fileExtension: String {
      switch self {
      case .png: "png"
      case .svg: "svg"
      case .pdf: "pdf"
      }
    }
  }

  /// The frame format; PNG at the default compression unless set.
  public var format: Format
  /// Whether frames are encoded and written on other threads while the next one is drawn.
  /// The files are the same either way.
  public var parallel: Bool

  /// How many bytes of frames a run writes through the system's file cache, where files are
  /// quickest to read back. Frames after that are written around it (direct I/O, where the
  /// file system allows it), so a long run neither fills memory with its frames nor pushes
  /// other programs' files out of it. Frames are the same files either way. `Int.max` writes
  /// every frame through the cache, 0 none.
  public var cachedBytes: Int

  /// Which frames are written as files; every one unless set.
  public var frames: FrameSelection = .all
  /// The animated image to write of the whole run, if any.
  public var animation: AnimationOptions?
  /// The contact sheet to write (a PNG), if any.
  public var sheet: URL?

  /// The default `cachedBytes`: 64 MiB.
  public static let defaultCachedBytes = 64 << 20

  /// Creates options.
  public init(
    format: Format = .png(.default), parallel: Bool = true,
    cachedBytes: Int = FrameOptions.defaultCachedBytes
  ) {
    self.format = format
    self.parallel = parallel
    self.cachedBytes = cachedBytes
  }
}
