// CircleSnapshot: golden-image lookup, image comparison, diff images and reports.
