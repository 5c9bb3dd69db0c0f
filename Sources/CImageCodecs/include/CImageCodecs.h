// CImageCodecs: the parts of libjpeg-turbo, libpng, libwebp and zlib that ImageCodecs uses,
// each loaded with dlopen at first use.
//
// FeedVM links none of these libraries and needs no system headers to build. `cic_load` opens a
// library by soname and resolves the functions below into a table that lives for the process;
// every other call takes that table. libjpeg's struct layout comes from the vendored
// libjpeg-turbo headers in libjpeg/ (ABI 62); the others use only plain C types. libjpeg reports
// errors by calling `error_exit`, which must not return: the shim returns to its own caller
// with longjmp, so a corrupt file is an error status here, never a crash or an exit.
#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

#include <stddef.h>
#include <stdint.h>

/// The libraries the shim can load.
typedef enum cic_library {
    CIC_LIBJPEG = 0,
    CIC_LIBPNG = 1,
    CIC_LIBWEBP = 2,
    CIC_ZLIB = 3,
} cic_library;

/// Statuses of the decode and encode calls.
typedef enum cic_status {
    CIC_OK = 0,
    /// The data is not a valid image of the format; `message` says why.
    CIC_CORRUPT = 1,
    /// The data ends before the image does.
    CIC_TRUNCATED = 2,
    /// The format is valid but uses a feature the shim does not decode (e.g. animated WebP).
    CIC_UNSUPPORTED = 3,
    /// An allocation failed or a memory limit was reached.
    CIC_NO_MEMORY = 4,
} cic_status;

/// Opens `soname` and resolves `library`'s functions. Returns a new function table, never freed
/// (callers load each library once and keep it), or NULL with `error` filled in.
const void *cic_load(cic_library library, const char *soname, char *error, size_t error_size);

// MARK: libjpeg

/// A JPEG being decoded: libjpeg's decompressor, its error manager and an in-memory source.
typedef struct cic_jpeg_decoder cic_jpeg_decoder;

/// Reads the header of `data` (which must outlive the decoder). On success `*decoder` is set;
/// on failure it is NULL and `message` (at least 200 bytes) says why.
cic_status cic_jpeg_decoder_create(const void *api, const uint8_t *data, size_t size, size_t max_memory,
                                   cic_jpeg_decoder **decoder, char *message, size_t message_size);
/// The stored image's size.
void cic_jpeg_decoder_size(const cic_jpeg_decoder *decoder, int *width, int *height);
/// Chooses DCT scaling of 1/`denominator` (1, 2, 4 or 8) and returns the size it decodes to.
cic_status cic_jpeg_decoder_scale(cic_jpeg_decoder *decoder, int denominator, int *width, int *height);
/// Decodes RGB8 rows straight into `pixels` (`stride` bytes apart, room for the scaled size).
cic_status cic_jpeg_decoder_read(cic_jpeg_decoder *decoder, uint8_t *pixels, size_t stride);
/// Why the last call failed.
const char *cic_jpeg_decoder_message(const cic_jpeg_decoder *decoder);
/// Releases the decoder.
void cic_jpeg_decoder_destroy(cic_jpeg_decoder *decoder);

/// Encodes `width` x `height` RGB8 (`channels` 3) or RGBX8 (4, the fourth byte ignored) rows
/// at `quality` 1...100. On success `*output` is a malloc'd buffer of `*output_size` bytes
/// that the caller frees with `cic_free`.
cic_status cic_jpeg_encode(const void *api, const uint8_t *pixels, int width, int height, size_t stride, int channels,
                           int quality, uint8_t **output, size_t *output_size, char *message, size_t message_size);

// MARK: libpng (the simplified png_image API)

/// A PNG being decoded.
typedef struct cic_png_decoder cic_png_decoder;

/// Reads the header of `data` (which must outlive the decoder).
cic_status cic_png_decoder_create(const void *api, const uint8_t *data, size_t size, cic_png_decoder **decoder,
                                  char *message, size_t message_size);
/// The image's size and whether it has an alpha channel (or transparency).
void cic_png_decoder_info(const cic_png_decoder *decoder, int *width, int *height, int *has_alpha);
/// Decodes 8-bit RGB (`channels` 3) or RGBA (4) rows into `pixels`.
cic_status cic_png_decoder_read(cic_png_decoder *decoder, uint8_t *pixels, size_t stride, int channels);
/// Why the last call failed.
const char *cic_png_decoder_message(const cic_png_decoder *decoder);
/// Releases the decoder.
void cic_png_decoder_destroy(cic_png_decoder *decoder);

// MARK: libwebp

/// The size of a WebP image, whether it has alpha and whether it is animated.
cic_status cic_webp_info(const void *api, const uint8_t *data, size_t size, int *width, int *height,
                         int *has_alpha, int *has_animation);
/// Decodes a still WebP as RGB8 (`channels` 3) or RGBA8 (4) into `pixels` (`capacity` bytes).
cic_status cic_webp_decode(const void *api, const uint8_t *data, size_t size, uint8_t *pixels, size_t capacity,
                           size_t stride, int channels);

// MARK: zlib

/// The most bytes `cic_zlib_compress` can produce for `size` input bytes.
size_t cic_zlib_bound(const void *api, size_t size);
/// A zlib stream (RFC 1950) of `input` at `level` 0...9 into `output`; `*output_size` holds its
/// capacity on entry and the stream's length on return.
cic_status cic_zlib_compress(const void *api, const uint8_t *input, size_t size, uint8_t *output,
                             size_t *output_size, int level);

/// Frees a buffer the shim allocated.
void cic_free(void *pointer);

#endif
