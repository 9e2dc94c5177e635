// Cairo, loaded on first use.
//
// Every Cairo function circles calls is defined here under its own name and forwards to the
// library opened with dlopen the first time one is called. The executable therefore does not
// list libcairo among the libraries the system loads at start-up, and `circles --version`
// starts without it. The Swift side calls `circles_cairo_load` before it first draws and
// reports a failure as an error; a forwarder reached without Cairo stops the process with the
// same message.
//
// The list below is every Cairo function the Swift sources use; a new one is added here with
// its prototype from cairo.h (the link fails until it is).

#include "CairoLoader.h"

#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-svg.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Each entry: return type, name, parameters, arguments. VOID for functions returning nothing.
#define CAIRO_FUNCTIONS(VOID, VALUE) \
  VOID(void, cairo_arc, \
        (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2), \
        (cr, xc, yc, radius, angle1, angle2)) \
  VOID(void, cairo_clip, (cairo_t *cr), (cr)) \
  VOID(void, cairo_close_path, (cairo_t *cr), (cr)) \
  VALUE(cairo_t *, cairo_create, (cairo_surface_t *target), (target)) \
  VOID(void, cairo_destroy, (cairo_t *cr), (cr)) \
  VOID(void, cairo_fill, (cairo_t *cr), (cr)) \
  VOID(void, cairo_fill_preserve, (cairo_t *cr), (cr)) \
  VOID(void, cairo_font_extents, (cairo_t *cr, cairo_font_extents_t *extents), (cr, extents)) \
  VALUE(cairo_surface_t *, cairo_image_surface_create, \
        (cairo_format_t format, int width, int height), \
        (format, width, height)) \
  VALUE(cairo_surface_t *, cairo_image_surface_create_from_png_stream, \
        (cairo_read_func_t read_func, void *closure), \
        (read_func, closure)) \
  VALUE(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface)) \
  VALUE(cairo_format_t, cairo_image_surface_get_format, (cairo_surface_t *surface), (surface)) \
  VALUE(int, cairo_image_surface_get_height, (cairo_surface_t *surface), (surface)) \
  VALUE(int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface)) \
  VALUE(int, cairo_image_surface_get_width, (cairo_surface_t *surface), (surface)) \
  VOID(void, cairo_line_to, (cairo_t *cr, double x, double y), (cr, x, y)) \
  VOID(void, cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y)) \
  VOID(void, cairo_new_path, (cairo_t *cr), (cr)) \
  VOID(void, cairo_new_sub_path, (cairo_t *cr), (cr)) \
  VOID(void, cairo_paint, (cairo_t *cr), (cr)) \
  VOID(void, cairo_paint_with_alpha, (cairo_t *cr, double alpha), (cr, alpha)) \
  VALUE(cairo_surface_t *, cairo_pdf_surface_create_for_stream, \
        (cairo_write_func_t write_func, void *closure, double width_in_points, \
         double height_in_points), \
        (write_func, closure, width_in_points, height_in_points)) \
  VOID(void, cairo_pdf_surface_set_metadata, \
        (cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8), \
        (surface, metadata, utf8)) \
  VOID(void, cairo_pdf_surface_set_size, \
        (cairo_surface_t *surface, double width_in_points, double height_in_points), \
        (surface, width_in_points, height_in_points)) \
  VOID(void, cairo_pop_group_to_source, (cairo_t *cr), (cr)) \
  VOID(void, cairo_push_group, (cairo_t *cr), (cr)) \
  VOID(void, cairo_rectangle, \
        (cairo_t *cr, double x, double y, double width, double height), \
        (cr, x, y, width, height)) \
  VOID(void, cairo_restore, (cairo_t *cr), (cr)) \
  VOID(void, cairo_save, (cairo_t *cr), (cr)) \
  VOID(void, cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy)) \
  VOID(void, cairo_select_font_face, \
        (cairo_t *cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight), \
        (cr, family, slant, weight)) \
  VOID(void, cairo_set_fill_rule, (cairo_t *cr, cairo_fill_rule_t fill_rule), (cr, fill_rule)) \
  VOID(void, cairo_set_font_size, (cairo_t *cr, double size), (cr, size)) \
  VOID(void, cairo_set_line_width, (cairo_t *cr, double width), (cr, width)) \
  VOID(void, cairo_set_operator, (cairo_t *cr, cairo_operator_t op), (cr, op)) \
  VOID(void, cairo_set_source_rgba, \
        (cairo_t *cr, double red, double green, double blue, double alpha), \
        (cr, red, green, blue, alpha)) \
  VOID(void, cairo_set_source_surface, \
        (cairo_t *cr, cairo_surface_t *surface, double x, double y), \
        (cr, surface, x, y)) \
  VOID(void, cairo_set_tolerance, (cairo_t *cr, double tolerance), (cr, tolerance)) \
  VOID(void, cairo_show_page, (cairo_t *cr), (cr)) \
  VOID(void, cairo_show_text, (cairo_t *cr, const char *utf8), (cr, utf8)) \
  VALUE(cairo_status_t, cairo_status, (cairo_t *cr), (cr)) \
  VALUE(const char *, cairo_status_to_string, (cairo_status_t status), (status)) \
  VOID(void, cairo_stroke, (cairo_t *cr), (cr)) \
  VOID(void, cairo_stroke_preserve, (cairo_t *cr), (cr)) \
  VOID(void, cairo_surface_destroy, (cairo_surface_t *surface), (surface)) \
  VOID(void, cairo_surface_finish, (cairo_surface_t *surface), (surface)) \
  VOID(void, cairo_surface_flush, (cairo_surface_t *surface), (surface)) \
  VOID(void, cairo_surface_mark_dirty, (cairo_surface_t *surface), (surface)) \
  VOID(void, cairo_surface_mark_dirty_rectangle, \
        (cairo_surface_t *surface, int x, int y, int width, int height), \
        (surface, x, y, width, height)) \
  VALUE(cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface)) \
  VALUE(cairo_status_t, cairo_surface_write_to_png_stream, \
        (cairo_surface_t *surface, cairo_write_func_t write_func, void *closure), \
        (surface, write_func, closure)) \
  VALUE(cairo_surface_t *, cairo_svg_surface_create_for_stream, \
        (cairo_write_func_t write_func, void *closure, double width_in_points, \
         double height_in_points), \
        (write_func, closure, width_in_points, height_in_points)) \
  VOID(void, cairo_svg_surface_set_document_unit, \
        (cairo_surface_t *surface, cairo_svg_unit_t unit), \
        (surface, unit)) \
  VOID(void, cairo_text_extents, \
        (cairo_t *cr, const char *utf8, cairo_text_extents_t *extents), \
        (cr, utf8, extents)) \
  VOID(void, cairo_translate, (cairo_t *cr, double tx, double ty), (cr, tx, ty)) \
  VALUE(const char*, cairo_version_string, (void), ())

#define DECLARE_POINTER(type, name, parameters, arguments) static type(*loaded_##name) parameters;
CAIRO_FUNCTIONS(DECLARE_POINTER, DECLARE_POINTER)

// The names the library goes by: Linux, then macOS, then an unversioned development link.
static const char *const library_names[] = {"libcairo.so.2", "libcairo.2.dylib", "libcairo.so"};

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_failure[512];

static void load(void) {
  void *library = NULL;
  for (size_t index = 0; index < sizeof library_names / sizeof library_names[0]; index++) {
    library = dlopen(library_names[index], RTLD_NOW | RTLD_LOCAL);
    if (library != NULL) break;
  }
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(load_failure, sizeof load_failure, "cannot load the Cairo library: %s",
             reason != NULL ? reason : "not found");
    return;
  }
#define RESOLVE(type, name, parameters, arguments)                                             \
  loaded_##name = (type(*) parameters)dlsym(library, #name);                                  \
  if (loaded_##name == NULL) {                                                                 \
    snprintf(load_failure, sizeof load_failure,                                                \
             "the Cairo library found has no function %s (Cairo 1.16 or later is needed)",     \
             #name);                                                                           \
    return;                                                                                    \
  }
  CAIRO_FUNCTIONS(RESOLVE, RESOLVE)
#undef RESOLVE
}

const char *circles_cairo_load(void) {
  pthread_once(&load_once, load);
  return load_failure[0] != '\0' ? load_failure : NULL;
}

static void require_cairo(void) {
  const char *failure = circles_cairo_load();
  if (failure != NULL) {
    fprintf(stderr, "circles: error: %s\n", failure);
    abort();
  }
}

#define FORWARD_VOID(type, name, parameters, arguments)                                        \
  type name parameters {                                                                       \
    require_cairo();                                                                           \
    loaded_##name arguments;                                                                   \
  }
#define FORWARD_VALUE(type, name, parameters, arguments)                                       \
  type name parameters {                                                                       \
    require_cairo();                                                                           \
    return loaded_##name arguments;                                                            \
  }
CAIRO_FUNCTIONS(FORWARD_VOID, FORWARD_VALUE)
