/// The rows of a PNG image as the file holds them: the whole image when it is not interlaced,
/// or each of the seven sub-images of Adam7 in turn, which take every pixel once between them.
/// Each pass has rows of its own width and is filtered on its own.
struct PNGPass: Equatable {
  /// The first column and row of the image the pass covers, and the steps between them.
  var x: Int
  var y: Int
  var dx: Int
  var dy: Int
  /// The pass's size in pixels.
  var width: Int
  var height: Int

  /// The passes of an image, without those that hold no pixel (a narrow or short image's
  /// file has no rows for them, not even their filter bytes).
  static func passes(width: Int, height: Int, interlaced: Bool) -> [PNGPass] {
    guard interlaced else {
      return [PNGPass(x: 0, y: 0, dx: 1, dy: 1, width: width, height: height)]
    }
    let adam7 = [
      (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
      (0, 1, 1, 2),
    ]
    return adam7.compactMap { x, y, dx, dy in
      let pass = PNGPass(
        x: x, y: y, dx: dx, dy: dy, width: (width - x + dx - 1) / dx,
        height: (height - y + dy - 1) / dy)
      return pass.width > 0 && pass.height > 0 ? pass : nil
    }
  }
}
