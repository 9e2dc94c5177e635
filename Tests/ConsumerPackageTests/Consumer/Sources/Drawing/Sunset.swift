import CircleCanvas

/// A small scene: a sky of a chosen size with a sun, added as one named step.
public func sunset() throws -> Canvas {
  let canvas = try Canvas(width: 64, height: 48, background: Colour(hex: "#203060")!)
  try canvas.group("Sunset") {
    try canvas.add(Circle(id: "sun", center: Point(x: 32, y: 34), radius: 12, fill: .white))
    try canvas.add(
      Circle(id: "glow", center: Point(x: 32, y: 34), radius: 18, fill: Colour(hex: "#ffb00060")!))
  }
  return canvas
}
