/// How the unfiltered bytes of one row of an 8- or 16-bit PNG become premultiplied ARGB32
/// pixels, for each colour type, with the file's transparency (`tRNS`) applied as libspng and
/// Cairo apply it: a grey or RGB pixel equal to the colour key becomes transparent (compared
/// with all 16 bits of a 16-bit sample), a palette entry takes its alpha from the chunk (entries
/// past its end are opaque), and an index past the palette's end is opaque black. A 16-bit
/// sample keeps its high byte, as libspng's `SPNG_FMT_RGBA8` and Cairo keep it.
///
/// Expanding costs little next to inflating and unfiltering. `circles-bench --decoders` on the
/// W3 picture (1920×1080) written by libspng, medians of 15, each decoder ending with
/// premultiplied ARGB32 (2 December 2026, at a load average of 10–13 on 2 processors): as a
/// palette file 1.6 ms here against 10.5 ms through libspng and 12.2 ms through Cairo; grey
/// 11.0 ms against 17.7 and 17.7 ms; grey and alpha 12.0 ms against 33.2 and 31.3 ms; RGBA
/// 20.2 ms against 42.6 and 51.1 ms.
struct PixelExpansion: Sendable {
  enum Kind: Sendable {
    case grey, greyAlpha, rgb, rgba, palette
  }

  let kind: Kind
  /// Bits a sample: 8, or 16 for every kind but palette.
  let bitDepth: Int
  /// Bytes a pixel: 1 grey or palette, 2 grey and alpha, 3 RGB, 4 RGBA; twice as many at 16
  /// bits.
  let channels: Int
  /// The grey sample, or the RGB samples packed as 0xRRGGBB (0xRRRRGGGGBBBB at 16 bits), that
  /// is transparent; `nil` without one.
  let key: UInt64?
  /// The palette as premultiplied pixels, 256 entries, those past the file's palette opaque
  /// black, as libspng and libpng read an index past the palette's end.
  let palette: [UInt32]

  /// The expansion for a colour type (0, 2, 3, 4 or 6), a bit depth (8, or 16 but for
  /// palettes) and the data of its `PLTE` and `tRNS` chunks; `nil` for a combination the PNG
  /// specification does not allow, or a colour key that no sample can equal (such files are
  /// left to libspng, which says what it makes of them).
  init?(
    colourType: UInt8, bitDepth: UInt8 = 8, palette plte: UnsafeRawBufferPointer?,
    transparency: UnsafeRawBufferPointer?
  ) {
    guard bitDepth == 8 || (bitDepth == 16 && colourType != 3) else { return nil }
    let wide = bitDepth == 16
    self.bitDepth = Int(bitDepth)
    func sample(_ data: UnsafeRawBufferPointer, _ index: Int) -> UInt64? {
      let value = UInt64(data[2 * index]) << 8 | UInt64(data[2 * index + 1])
      return wide || value <= 255 ? value : nil
    }
    let shift: UInt64 = wide ? 16 : 8
    var key: UInt64?
    var table: [UInt32] = []
    var count = 0
    switch colourType {
    case 0:
      kind = .grey
      channels = wide ? 2 : 1
      if let transparency {
        guard transparency.count == 2, let grey = sample(transparency, 0) else { return nil }
        key = grey
      }
    case 2:
      kind = .rgb
      channels = wide ? 6 : 3
      if let transparency {
        guard transparency.count == 6, let red = sample(transparency, 0),
          let green = sample(transparency, 1), let blue = sample(transparency, 2)
        else { return nil }
        key = (red << shift | green) << shift | blue
      }
    case 3:
      kind = .palette
      channels = 1
      guard let plte, plte.count % 3 == 0, (3...768).contains(plte.count) else { return nil }
      count = plte.count / 3
      guard (transparency?.count ?? 0) <= count else { return nil }
      table = [UInt32](repeating: 0xFF00_0000, count: 256)
      for index in 0..<count {
        let alpha = transparency.map { index < $0.count ? $0[index] : 255 } ?? 255
        table[index] = Self.premultiplied(
          plte[3 * index], plte[3 * index + 1], plte[3 * index + 2], alpha)
      }
    case 4:
      kind = .greyAlpha
      channels = wide ? 4 : 2
      guard transparency == nil else { return nil }
    case 6:
      kind = .rgba
      channels = wide ? 8 : 4
      guard transparency == nil else { return nil }
    default:
      return nil
    }
    self.key = key
    palette = table
  }

  /// A straight-alpha colour as a premultiplied ARGB32 pixel, rounded as Cairo rounds.
  @inline(__always)
  static func premultiplied(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8)
    -> UInt32
  {
    let alpha = UInt32(alpha)
    if alpha == 255 {
      return 0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }
    if alpha == 0 { return 0 }
    @inline(__always) func multiply(_ channel: UInt8) -> UInt32 {
      let product = alpha * UInt32(channel) + 0x80
      return (product + (product >> 8)) >> 8
    }
    return alpha << 24 | multiply(red) << 16 | multiply(green) << 8 | multiply(blue)
  }

  /// Expands one unfiltered row into `output`.
  @inline(__always)
  func expand(_ row: UnsafePointer<UInt8>, width: Int, into output: UnsafeMutablePointer<UInt32>) {
    if bitDepth == 16 {
      expandWide(row, width: width, into: output)
      return
    }
    switch kind {
    case .rgb:
      if let key {
        for x in 0..<width {
          let source = row + 3 * x
          let colour = UInt32(source[0]) << 16 | UInt32(source[1]) << 8 | UInt32(source[2])
          output[x] = UInt64(colour) == key ? 0 : 0xFF00_0000 | colour
        }
      } else {
        for x in 0..<width {
          let source = row + 3 * x
          output[x] =
            0xFF00_0000 | UInt32(source[0]) << 16 | UInt32(source[1]) << 8 | UInt32(source[2])
        }
      }
    case .rgba:
      for x in 0..<width {
        let source = row + 4 * x
        output[x] = Self.premultiplied(source[0], source[1], source[2], source[3])
      }
    case .grey:
      if let key {
        let key = UInt32(key)
        for x in 0..<width {
          let grey = UInt32(row[x])
          output[x] = grey == key ? 0 : 0xFF00_0000 | grey &* 0x01_0101
        }
      } else {
        // Without a key the loop has no branch, and the compiler widens it to vectors.
        for x in 0..<width { output[x] = 0xFF00_0000 | UInt32(row[x]) &* 0x01_0101 }
      }
    case .greyAlpha:
      for x in 0..<width {
        let grey = row[2 * x]
        output[x] = Self.premultiplied(grey, grey, grey, row[2 * x + 1])
      }
    case .palette:
      palette.withUnsafeBufferPointer { table in
        for x in 0..<width { output[x] = table[Int(row[x])] }
      }
    }
  }

  /// Expands one unfiltered row of 16-bit samples (big-endian): the key is compared with whole
  /// samples, the pixel made of their high bytes.
  @inline(__always)
  private func expandWide(
    _ row: UnsafePointer<UInt8>, width: Int, into output: UnsafeMutablePointer<UInt32>
  ) {
    @inline(__always) func sample(_ source: UnsafePointer<UInt8>, _ index: Int) -> UInt64 {
      UInt64(source[2 * index]) << 8 | UInt64(source[2 * index + 1])
    }
    switch kind {
    case .rgb:
      let key = key ?? UInt64.max
      for x in 0..<width {
        let source = row + 6 * x
        let colour = (sample(source, 0) << 16 | sample(source, 1)) << 16 | sample(source, 2)
        output[x] =
          colour == key
          ? 0
          : 0xFF00_0000 | UInt32(source[0]) << 16 | UInt32(source[2]) << 8 | UInt32(source[4])
      }
    case .rgba:
      for x in 0..<width {
        let source = row + 8 * x
        output[x] = Self.premultiplied(source[0], source[2], source[4], source[6])
      }
    case .grey:
      let key = key ?? UInt64.max
      for x in 0..<width {
        let source = row + 2 * x
        output[x] = sample(source, 0) == key ? 0 : 0xFF00_0000 | UInt32(source[0]) &* 0x01_0101
      }
    case .greyAlpha:
      for x in 0..<width {
        let source = row + 4 * x
        output[x] = Self.premultiplied(source[0], source[0], source[0], source[2])
      }
    case .palette:
      // Palette files have no 16-bit form; the initializer refuses one.
      break
    }
  }
}
