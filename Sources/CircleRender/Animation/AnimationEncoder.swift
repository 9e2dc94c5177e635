/// Turns the frames of an `AnimationPicture` into one file format's bytes.
protocol AnimationEncoder: AnyObject {
  /// Adds a frame: the picture's pixels in `rect` changed since the frame before (the first
  /// frame is stored whole whatever the rectangle).
  ///
  /// - Parameter delay: how long the frame is shown, in hundredths of a second.
  func add(_ rect: PixelRect, of picture: AnimationPicture, delay: Int) throws(RenderError)

  /// Ends the file, giving the last frame `lastDelay`, and renames it into place.
  ///
  /// - Returns: the file's size in bytes.
  func finish(lastDelay: Int) throws(RenderError) -> Int
}
