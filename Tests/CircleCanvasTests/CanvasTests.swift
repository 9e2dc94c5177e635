import CircleCanvas
import Testing
import UndoKit

@Suite("Canvas changes and errors")
struct CanvasTests {
  @Test("a new canvas is 512×512, white, scale 1, without circles")
  func defaults() {
    let canvas = Canvas()
    #expect(canvas.state == CanvasState(width: 512, height: 512, scale: 1, background: .white))
    #expect(canvas.circles.isEmpty && !canvas.undoManager.canUndo)
  }

  @Test("circles are found by id and position")
  func lookup() {
    let canvas = Canvas(state: threeCircles())
    #expect(canvas.index(ofID: "c") == 2)
    #expect(canvas.circle(withID: "a")?.radius == 5)
    #expect(canvas.circle(withID: "moon") == nil && canvas.index(ofID: "moon") == nil)
  }

  @Test("add puts the circle on top, and front and back reorder")
  func order() throws {
    let canvas = Canvas(state: threeCircles())
    try canvas.add(Circle(id: "d", center: Point(x: 0, y: 0), radius: 1))
    #expect(canvas.circles.map(\.id) == ["a", "b", "c", "d"])
    try canvas.bringToFront(id: "a")
    #expect(canvas.circles.map(\.id) == ["b", "c", "d", "a"])
    try canvas.sendToBack(id: "d")
    #expect(canvas.circles.map(\.id) == ["d", "b", "c", "a"])
  }

  @Test("moves and changes set exactly the given properties")
  func edits() throws {
    let canvas = Canvas(state: threeCircles())
    try canvas.move(id: "a", by: Point(x: 1.5, y: -20))
    #expect(canvas.circle(withID: "a")?.center == Point(x: 11.5, y: 0))
    try canvas.move(id: "a", to: Point(x: 3, y: 4))
    #expect(canvas.circle(withID: "a")?.center == Point(x: 3, y: 4))
    let before = try #require(canvas.circle(withID: "b"))
    try canvas.update(id: "b", with: CircleChange(radius: 0, stroke: Colour.none))
    var expected = before
    expected.radius = 0
    expected.stroke = .none
    #expect(canvas.circle(withID: "b") == expected)
  }

  @Test("automatic ids count up, skip ids in use and never come back")
  func automaticIDs() throws {
    let canvas = Canvas()
    try canvas.add(Circle(id: "c2", center: Point(x: 0, y: 0), radius: 1))
    #expect(canvas.makeAutomaticID() == "c1")
    #expect(canvas.makeAutomaticID() == "c3")
    let id = canvas.makeAutomaticID()
    #expect(id == "c4")
    try canvas.step { try $0.add(Circle(id: id, center: Point(x: 0, y: 0), radius: 1)) }
    canvas.undoManager.undo()
    #expect(canvas.makeAutomaticID() == "c5")
  }

  @Test("an id is free again once its circle is gone, and taken again when it comes back")
  func idsFollowTheCircles() throws {
    let canvas = Canvas(state: threeCircles())
    let circle = Circle(id: "a", center: Point(x: 0, y: 0), radius: 1)
    canvas.step { $0.clear() }
    try canvas.step { try $0.add(circle) }
    canvas.undoManager.undo()
    canvas.undoManager.undo()
    #expect(throws: CanvasError.duplicateID("a")) { try canvas.add(circle) }
    try canvas.remove(id: "a")
    try canvas.add(circle)
    #expect(canvas.circles.map(\.id) == ["b", "c", "a"])
  }

  @Test(
    "ids follow the script's form",
    arguments: [
      ("sun", true), ("_x", true), ("a-1_b", true), ("Été", true), ("c1", true), ("1a", false),
      ("-a", false), ("", false), ("a b", false), ("a.b", false), ("a,b", false),
    ])
  func ids(id: String, valid: Bool) {
    #expect(Canvas.isValidID(id) == valid)
  }

  static let sun = Circle(id: "sun", center: Point(x: 1, y: 1), radius: 1)

  static let refusals: [(@Sendable (Canvas) throws -> Void, String)] = [
    ({ try $0.remove(id: "moon") }, "no circle named 'moon'"),
    ({ try $0.move(id: "moon", to: Point(x: 0, y: 0)) }, "no circle named 'moon'"),
    ({ try $0.bringToFront(id: "moon") }, "no circle named 'moon'"),
    ({ try $0.sendToBack(id: "moon") }, "no circle named 'moon'"),
    ({ try $0.update(id: "moon", with: CircleChange(radius: 1)) }, "no circle named 'moon'"),
    ({ try $0.add(sun) }, "a circle named 'sun' already exists"),
    (
      { try $0.update(id: "sun", with: CircleChange(radius: -3)) },
      "radius must be at least 0, not -3"
    ),
    (
      { try $0.update(id: "sun", with: CircleChange(opacity: 1.5)) },
      "opacity must be between 0 and 1, not 1.5"
    ),
    (
      { try $0.update(id: "sun", with: CircleChange(opacity: -0.25)) },
      "opacity must be between 0 and 1, not -0.25"
    ),
    (
      { try $0.update(id: "sun", with: CircleChange(strokeWidth: -1)) },
      "width must be at least 0, not -1"
    ),
    (
      { try $0.update(id: "sun", with: CircleChange(radius: 2e6)) },
      "radius must be at most 1000000, not 2000000"
    ),
    (
      { try $0.update(id: "sun", with: CircleChange(radius: .infinity)) },
      "radius must be finite"
    ),
    ({ try $0.update(id: "sun", with: CircleChange()) }, "no property to change on 'sun'"),
    ({ try $0.move(id: "sun", to: Point(x: .nan, y: 0)) }, "coordinates must be finite"),
    ({ try $0.move(id: "sun", by: Point(x: 0, y: -.infinity)) }, "coordinates must be finite"),
    (
      { try $0.move(id: "sun", by: Point(x: 999_999.5, y: 0)) },
      "coordinates must be between -1000000 and 1000000, not 1000000.5"
    ),
    (
      { try $0.add(Circle(id: "9lives", center: Point(x: 0, y: 0), radius: 1)) },
      "'9lives' is not a valid circle name; start with a letter or '_' and go on with "
        + "letters, digits, '_' or '-'"
    ),
    (
      { try $0.add(Circle(id: "m", center: Point(x: 0, y: 0), radius: 1, opacity: 2)) },
      "opacity must be between 0 and 1, not 2"
    ),
    (
      { try $0.configure(width: 0, height: 10, scale: 1, background: .white) },
      "canvas sides must be between 1 and 16384, not 0"
    ),
    (
      { try $0.configure(width: 10, height: 20000, scale: 1, background: .white) },
      "canvas sides must be between 1 and 16384, not 20000"
    ),
    (
      { try $0.configure(width: 10000, height: 10, scale: 2, background: .white) },
      "canvas 10000x10 at scale 2 is too large; each side × scale must be at most 16384"
    ),
    (
      { try $0.configure(width: 10, height: 10, scale: 0, background: .white) },
      "scale must be greater than 0, not 0"
    ),
    (
      { try $0.configure(width: 10, height: 10, scale: .nan, background: .white) },
      "scale must be finite"
    ),
  ]

  @Test("bad changes are refused with a message a compiler would give", arguments: refusals)
  func errors(change: @Sendable (Canvas) throws -> Void, message: String) throws {
    let canvas = Canvas(state: CanvasState(circles: [Self.sun]))
    let before = canvas.state
    #expect {
      try change(canvas)
    } throws: { error in
      (error as? CanvasError)?.description == message
    }
    #expect(canvas.state == before)
    #expect(!canvas.undoManager.canUndo)
  }

  @Test("the largest canvas allowed is accepted")
  func largestCanvas() throws {
    let canvas = Canvas()
    try canvas.configure(width: 8192, height: 1, scale: 2, background: .black)
    #expect(canvas.state.pixelWidth == 16384 && canvas.state.pixelHeight == 2)
    try canvas.configure(width: 16384, height: 16384, scale: 1, background: .white)
    try canvas.configure(width: 1, height: 1, scale: 16384, background: .white)
  }
}
