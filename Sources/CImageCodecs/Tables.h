// The function tables `cic_load` fills, one struct per library.
#ifndef CIMAGECODECS_TABLES_H
#define CIMAGECODECS_TABLES_H

#include <stdio.h>  // jpeglib.h uses FILE without including stdio.h

#include "libjpeg/jpeglib.h"

/// libjpeg-turbo's entry points (ABI 62). The create calls are the functions behind the
/// `jpeg_create_*` macros, which pass the library version and struct size for checking.
struct cic_jpeg_api {
    struct jpeg_error_mgr *(*std_error)(struct jpeg_error_mgr *);
    void (*create_decompress)(j_decompress_ptr, int version, size_t size);
    void (*destroy_decompress)(j_decompress_ptr);
    int (*read_header)(j_decompress_ptr, boolean require_image);
    void (*calc_output_dimensions)(j_decompress_ptr);
    boolean (*start_decompress)(j_decompress_ptr);
    JDIMENSION (*read_scanlines)(j_decompress_ptr, JSAMPARRAY, JDIMENSION);
    boolean (*finish_decompress)(j_decompress_ptr);
    boolean (*resync_to_restart)(j_decompress_ptr, int desired);
    void (*create_compress)(j_compress_ptr, int version, size_t size);
    void (*destroy_compress)(j_compress_ptr);
    void (*set_defaults)(j_compress_ptr);
    void (*set_quality)(j_compress_ptr, int quality, boolean force_baseline);
    void (*start_compress)(j_compress_ptr, boolean write_all_tables);
    JDIMENSION (*write_scanlines)(j_compress_ptr, JSAMPARRAY, JDIMENSION);
    void (*finish_compress)(j_compress_ptr);
};

/// libpng 1.6's `png_image` (png.h), `PNG_IMAGE_VERSION` 1.
typedef struct cic_png_image {
    void *opaque;
    uint32_t version;
    uint32_t width;
    uint32_t height;
    uint32_t format;
    uint32_t flags;
    uint32_t colormap_entries;
    uint32_t warning_or_error;
    char message[64];
} cic_png_image;

enum {
    CIC_PNG_IMAGE_VERSION = 1,
    CIC_PNG_FORMAT_FLAG_ALPHA = 0x01,
    CIC_PNG_FORMAT_FLAG_COLOR = 0x02,
    CIC_PNG_IMAGE_FLAG_16BIT_sRGB = 0x04,
};

/// libpng 1.6's simplified reading API.
struct cic_png_api {
    int (*begin_read_from_memory)(cic_png_image *, const void *memory, size_t size);
    int (*finish_read)(cic_png_image *, const void *background, void *buffer, int32_t row_stride, void *colormap);
    void (*image_free)(cic_png_image *);
};

/// libwebp's `WebPBitstreamFeatures` (decode.h).
typedef struct cic_webp_features {
    int width;
    int height;
    int has_alpha;
    int has_animation;
    int format;
    uint32_t pad[5];
} cic_webp_features;

/// `WEBP_DECODER_ABI_VERSION` of libwebp 1.x; the library checks only its major byte.
enum { CIC_WEBP_DECODER_ABI_VERSION = 0x0209 };

/// libwebp's simple decoding API (the `Into` variants write into the caller's buffer).
struct cic_webp_api {
    int (*get_features)(const uint8_t *, size_t, cic_webp_features *, int version);
    uint8_t *(*decode_rgba_into)(const uint8_t *, size_t, uint8_t *output, size_t capacity, int stride);
    uint8_t *(*decode_rgb_into)(const uint8_t *, size_t, uint8_t *output, size_t capacity, int stride);
};

/// zlib's one-shot compression (`uLong` is `unsigned long` on LP64 and ILP32 alike).
struct cic_zlib_api {
    int (*compress2)(uint8_t *dest, unsigned long *dest_size, const uint8_t *source, unsigned long size, int level);
    unsigned long (*compress_bound)(unsigned long size);
};

#endif
