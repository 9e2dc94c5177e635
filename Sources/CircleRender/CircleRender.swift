// CircleRender: drawing canvas states with Cairo, PNG in and out, pixel buffers.
