import CircleCanvas

/// Which parts of a circle paint anything: one rule for the pixel renderer, the vector
/// drawing and the damage of a change.
extension Circle {
  /// Whether the fill paints: its colour is not invisible.
  var showsFill: Bool { !fill.isInvisible }

  /// Whether the stroke paints: its colour is not invisible and its width is positive and
  /// finite.
  var showsStroke: Bool { !stroke.isInvisible && strokeWidth > 0 && strokeWidth.isFinite }

  /// Whether the circle paints anything wherever it is: a positive finite radius, some
  /// opacity, and a fill or a stroke that shows.
  var isDrawn: Bool {
    radius > 0 && radius.isFinite && opacity > 0 && (showsFill || showsStroke)
  }
}
