import CircleCanvas

/// The colours `rgb()` and `hsl()` make, as CSS Color 4 defines them.
enum ColourFunction {
  /// What each argument of `rgb` or `hsl` accepts.
  static func rules(_ name: String, count: Int) -> [NumberRule] {
    let alpha = NumberRule.between("alpha", 0, 1)
    let channels: [NumberRule] =
      name == "rgb"
      ? [.between("red", 0, 255), .between("green", 0, 255), .between("blue", 0, 255)]
      : [.any, .between("saturation", 0, 100), .between("lightness", 0, 100)]
    return Array((channels + [alpha]).prefix(count))
  }

  /// The colour of checked arguments: `rgb(r, g, b[, a])` or `hsl(h, s, l[, a])`, each
  /// channel rounded to the nearest of 0…255, halves away from zero.
  static func colour(_ name: String, _ values: [Double]) -> Colour {
    let alpha = values.count > 3 ? values[3] * 255 : 255
    let red: Double
    let green: Double
    let blue: Double
    if name == "rgb" {
      (red, green, blue) = (values[0], values[1], values[2])
    } else {
      (red, green, blue) = rgb(hue: values[0], saturation: values[1], lightness: values[2])
    }
    return Colour(
      red: channel(red), green: channel(green), blue: channel(blue), alpha: channel(alpha))
  }

  /// CSS's `hslToRgb`: hue in degrees (any value, taken modulo 360), saturation and lightness
  /// in percent; channels 0…255.
  static func rgb(
    hue: Double, saturation: Double, lightness: Double
  ) -> (Double, Double, Double) {
    var turn = hue.truncatingRemainder(dividingBy: 360)
    if turn < 0 { turn += 360 }
    let s = saturation / 100
    let l = lightness / 100
    let a = s * min(l, 1 - l)
    func part(_ n: Double) -> Double {
      let k = (n + turn / 30).truncatingRemainder(dividingBy: 12)
      return (l - a * max(-1, min(k - 3, 9 - k, 1))) * 255
    }
    return (part(0), part(8), part(4))
  }

  private static func channel(_ value: Double) -> UInt8 {
    UInt8(min(255, max(0, value.rounded(.toNearestOrAwayFromZero))))
  }
}
