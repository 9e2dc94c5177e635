import Foundation

/// The file formats of an animated history.
public enum AnimationFormat: String, CaseIterable, Sendable {
  /// Animated PNG: every frame's pixels exactly, each stored as the rectangle that changed.
  case apng
  /// GIF: at most 256 colours a frame, transparency on or off.
  case gif

  /// The format a file name's extension names: `.png` and `.apng` are APNG, `.gif` is GIF;
  /// `nil` for anything else.
  public init?(fileExtensionOf url: URL) {
    switch url.pathExtension.lowercased() {
    case "png", "apng": self = .apng
    case "gif": self = .gif
    default: return nil
    }
  }
}
