internal import CGif
import CircleSystem
import Foundation

/// Writes an animated GIF frame by frame through giflib into a `StreamedFile`.
///
/// Every frame has its own palette of at most 256 colours (`ColourQuantizer`). On an opaque
/// canvas a frame holds only the rectangle that changed, drawn over the frame before; on a
/// canvas with transparent pixels every frame is whole and replaces the one before, because a
/// GIF frame cannot turn a pixel back to transparent. A pixel is transparent when its alpha is
/// under one half, else opaque in its own colour: partial transparency is lost. The animation
/// loops forever (the `NETSCAPE2.0` extension); delays are in hundredths of a second.
final class GIFWriter: AnimationEncoder {
  private let file: StreamedFile
  private var gif: UnsafeMutablePointer<GifFileType>?
  private let opaque: Bool
  /// The latest frame, written when its delay is known.
  private var pending: Frame?
  /// The first write error of the output function, which giflib reports only as a failure.
  fileprivate var writeError: RenderError?

  private struct Frame {
    var rect: PixelRect
    var palette: [UInt32]
    var indices: [UInt8]
    var transparent: Int?
    var delay: Int
  }

  /// Starts the file: header, screen descriptor and the loop extension.
  init(file: StreamedFile, width: Int, height: Int, opaque: Bool) throws(RenderError) {
    self.file = file
    self.opaque = opaque
    var error: Int32 = 0
    let output: OutputFunc = { gif, bytes, count in
      guard let gif, let bytes, count >= 0 else { return 0 }
      let writer = Unmanaged<GIFWriter>.fromOpaque(gif.pointee.UserData).takeUnretainedValue()
      do throws(RenderError) {
        try RenderError.writing { () throws(FileError) in
          try writer.file.append(UnsafeRawBufferPointer(start: bytes, count: Int(count)))
        }
        return count
      } catch {
        if writer.writeError == nil { writer.writeError = error }
        return 0
      }
    }
    gif = EGifOpen(Unmanaged.passUnretained(self).toOpaque(), output, &error)
    guard gif != nil else { throw failure("open", code: error) }
    EGifSetGifVersion(gif, true)
    try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil), "start")
    let loop: [UInt8] = [1, 0, 0]
    try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "start")
    try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)), "start")
    try check(EGifPutExtensionBlock(gif, 3, loop), "start")
    try check(EGifPutExtensionTrailer(gif), "start")
  }

  deinit {
    if let gif { EGifCloseFile(gif, nil) }
  }

  func add(_ rect: PixelRect, of picture: AnimationPicture, delay: Int) throws(RenderError) {
    try flush(delay: nil)
    let area = opaque && frames > 0 ? rect : picture.bounds
    frames += 1
    let width = area.maxX - area.minX
    try PixelImage.checkMemory(
      pixels: width * (area.maxY - area.minY) * 5 / 4,
      for: "animate a \(picture.width)×\(picture.height) canvas")
    var straight = [UInt32](repeating: 0, count: width * (area.maxY - area.minY))
    var histogram: [UInt32: Int] = [:]
    var hasTransparent = false
    // Neighbouring pixels are often alike: each run of one value is counted once.
    var run: (pixel: UInt32, value: UInt32, count: Int)?
    var at = 0
    for y in area.minY..<area.maxY {
      for x in area.minX..<area.maxX {
        let pixel = picture.pixels[y * picture.width + x]
        let value: UInt32
        if let current = run, current.pixel == pixel {
          value = current.value
          run!.count += 1
        } else {
          if let ended = run, ended.value != Self.transparent {
            histogram[ended.value, default: 0] += ended.count
          }
          let colour = PixelImage.straight(pixel)
          value =
            colour.alpha < 128
            ? Self.transparent
            : UInt32(colour.red) << 16 | UInt32(colour.green) << 8 | UInt32(colour.blue)
          hasTransparent = hasTransparent || value == Self.transparent
          run = (pixel, value, 1)
        }
        straight[at] = value
        at += 1
      }
    }
    if let ended = run, ended.value != Self.transparent {
      histogram[ended.value, default: 0] += ended.count
    }
    let quantizer = ColourQuantizer(histogram: histogram, size: hasTransparent ? 255 : 256)
    var palette = quantizer.palette
    if palette.isEmpty { palette = [0] }
    let transparentIndex = hasTransparent ? palette.count : nil
    if hasTransparent { palette.append(0) }
    var last: (value: UInt32, index: UInt8)?
    let indices = straight.map { value in
      if let last, last.value == value { return last.index }
      let index =
        value == Self.transparent ? UInt8(transparentIndex!) : quantizer.entry(for: value)
      last = (value, index)
      return index
    }
    pending = Frame(
      rect: area, palette: palette, indices: indices, transparent: transparentIndex, delay: delay)
  }

  /// A value no opaque colour has: it marks transparent pixels before indexing.
  private static let transparent: UInt32 = 0xFF00_0000
  private var frames = 0

  private func flush(delay: Int?) throws(RenderError) {
    guard let frame = pending else { return }
    pending = nil
    var control = GraphicsControlBlock(
      DisposalMode: opaque ? DISPOSE_DO_NOT : DISPOSE_BACKGROUND, UserInputFlag: false,
      DelayTime: Int32(delay ?? frame.delay), TransparentColor: Int32(frame.transparent ?? -1))
    var extensionBytes = [UInt8](repeating: 0, count: 4)
    _ = EGifGCBToExtension(&control, &extensionBytes)
    try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extensionBytes), "write a frame")
    var bits = 1
    while 1 << bits < frame.palette.count { bits += 1 }
    guard let map = GifMakeMapObject(1 << bits, nil) else {
      throw .cannotWrite(path: file.path, reason: "out of memory")
    }
    defer { GifFreeMapObject(map) }
    for position in 0..<(1 << bits) {
      let colour = position < frame.palette.count ? frame.palette[position] : 0
      map.pointee.Colors[position] = GifColorType(
        Red: UInt8(colour >> 16 & 0xFF), Green: UInt8(colour >> 8 & 0xFF),
        Blue: UInt8(colour & 0xFF))
    }
    let width = frame.rect.maxX - frame.rect.minX
    let height = frame.rect.maxY - frame.rect.minY
    try check(
      EGifPutImageDesc(
        gif, Int32(frame.rect.minX), Int32(frame.rect.minY), Int32(width), Int32(height), false,
        map), "write a frame")
    var indices = frame.indices
    for row in 0..<height {
      let status = indices.withUnsafeMutableBufferPointer {
        EGifPutLine(gif, $0.baseAddress! + row * width, Int32(width))
      }
      try check(status, "write a frame")
    }
  }

  func finish(lastDelay: Int) throws(RenderError) -> Int {
    try flush(delay: lastDelay)
    var error: Int32 = 0
    let status = EGifCloseFile(gif, &error)
    gif = nil
    if let writeError { throw writeError }
    guard status == GIF_OK else { throw failure("finish", code: error) }
    try RenderError.writing { () throws(FileError) in try file.commit() }
    return file.count
  }

  private func check(_ status: Int32, _ operation: String) throws(RenderError) {
    if let writeError { throw writeError }
    guard status == GIF_OK else { throw failure(operation, code: gif?.pointee.Error ?? 0) }
  }

  private func failure(_ operation: String, code: Int32) -> RenderError {
    let reason = GifErrorString(code).map { String(cString: $0).lowercased() } ?? "error \(code)"
    return .cannotWrite(path: file.path, reason: "giflib could not \(operation) the GIF: \(reason)")
  }
}
