import CircleRender

/// How `circles run` turns frames into files.
public struct FrameOptions: Sendable {
  /// The file format of frames and how to make them. Each format names its file extension and
  /// how a canvas state becomes bytes; PNG is the only one so far.
  public enum Format: Sendable, Equatable {
    /// PNG through the renderer, with the given compression.
    case png(PNGCompression)

    /// The extension of frame files, without the dot.
    public var fileExtension: String {
      switch self {
      case .png: "png"
      }
    }
  }

  /// The frame format; PNG at the default compression unless set.
  public var format: Format
  /// Whether frames are encoded and written on other threads while the next one is drawn.
  /// The files are the same either way.
  public var parallel: Bool

  /// Creates options.
  public init(format: Format = .png(.default), parallel: Bool = true) {
    self.format = format
    self.parallel = parallel
  }
}
