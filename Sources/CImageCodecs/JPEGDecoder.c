// Decodes JPEG through libjpeg-turbo: an in-memory source, DCT scaling, RGB rows written
// straight into the caller's buffer; see include/CImageCodecs.h.
#include "CImageCodecs.h"
#include "Tables.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/// libjpeg's error manager plus the jump back to the shim's entry point.
struct cic_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
};

struct cic_jpeg_decoder {
    struct jpeg_decompress_struct info;
    struct cic_jpeg_error error;
    struct jpeg_source_mgr source;
    const struct cic_jpeg_api *api;
    const uint8_t *data;
    size_t size;
    /// Set when libjpeg asked for bytes past the end: the file is cut short.
    int ran_out;
    /// CMYK and YCCK files decode to CMYK rows here, then to RGB.
    uint8_t *cmyk_row;
    char message[JMSG_LENGTH_MAX];
};

static void error_exit(j_common_ptr info) {
    struct cic_jpeg_error *error = (struct cic_jpeg_error *)info->err;
    longjmp(error->jump, 1);
}

/// Warnings (corrupt but recoverable data) are counted by libjpeg, never printed.
static void emit_message(j_common_ptr info, int level) {
    if (level < 0) info->err->num_warnings++;
}

static void init_source(j_decompress_ptr info) { (void)info; }
static void term_source(j_decompress_ptr info) { (void)info; }

/// Past the end: note it and feed an end-of-image marker, as libjpeg's own sources do.
static boolean fill_input_buffer(j_decompress_ptr info) {
    static const JOCTET end_of_image[2] = {0xFF, JPEG_EOI};
    struct cic_jpeg_decoder *decoder = (struct cic_jpeg_decoder *)info;
    decoder->ran_out = 1;
    info->src->next_input_byte = end_of_image;
    info->src->bytes_in_buffer = 2;
    return TRUE;
}

static void skip_input_data(j_decompress_ptr info, long count) {
    if (count <= 0) return;
    if ((size_t)count > info->src->bytes_in_buffer) {
        fill_input_buffer(info);
        return;
    }
    info->src->next_input_byte += count;
    info->src->bytes_in_buffer -= (size_t)count;
}

/// The status for the error libjpeg just raised. Its memory limit (`max_memory_to_use`) shows
/// as a need for backing store, which this build of libjpeg has none of.
static cic_status failure(struct cic_jpeg_decoder *decoder) {
    decoder->error.manager.format_message((j_common_ptr)&decoder->info, decoder->message);
    if (strstr(decoder->message, "Backing store") != NULL || strstr(decoder->message, "Insufficient memory") != NULL)
        return CIC_NO_MEMORY;
    return decoder->ran_out ? CIC_TRUNCATED : CIC_CORRUPT;
}

cic_status cic_jpeg_decoder_create(const void *api, const uint8_t *data, size_t size, size_t max_memory,
                                   cic_jpeg_decoder **result, char *message, size_t message_size) {
    *result = NULL;
    struct cic_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        snprintf(message, message_size, "out of memory");
        return CIC_NO_MEMORY;
    }
    decoder->api = api;
    decoder->data = data;
    decoder->size = size;
    decoder->info.err = decoder->api->std_error(&decoder->error.manager);
    decoder->error.manager.error_exit = error_exit;
    decoder->error.manager.emit_message = emit_message;
    if (setjmp(decoder->error.jump)) {
        cic_status status = failure(decoder);
        snprintf(message, message_size, "%s", decoder->message);
        cic_jpeg_decoder_destroy(decoder);
        return status;
    }
    decoder->api->create_decompress(&decoder->info, JPEG_LIB_VERSION, sizeof decoder->info);
    decoder->info.mem->max_memory_to_use = (long)max_memory;
    decoder->source.next_input_byte = data;
    decoder->source.bytes_in_buffer = size;
    decoder->source.init_source = init_source;
    decoder->source.fill_input_buffer = fill_input_buffer;
    decoder->source.skip_input_data = skip_input_data;
    decoder->source.resync_to_restart = decoder->api->resync_to_restart;
    decoder->source.term_source = term_source;
    decoder->info.src = &decoder->source;
    decoder->api->read_header(&decoder->info, TRUE);
    int cmyk = decoder->info.jpeg_color_space == JCS_CMYK || decoder->info.jpeg_color_space == JCS_YCCK;
    decoder->info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    *result = decoder;
    return CIC_OK;
}

void cic_jpeg_decoder_size(const cic_jpeg_decoder *decoder, int *width, int *height) {
    *width = (int)decoder->info.image_width;
    *height = (int)decoder->info.image_height;
}

cic_status cic_jpeg_decoder_scale(cic_jpeg_decoder *decoder, int denominator, int *width, int *height) {
    if (setjmp(decoder->error.jump)) return failure(decoder);
    decoder->info.scale_num = 1;
    decoder->info.scale_denom = (unsigned int)denominator;
    decoder->api->calc_output_dimensions(&decoder->info);
    *width = (int)decoder->info.output_width;
    *height = (int)decoder->info.output_height;
    return CIC_OK;
}

/// CMYK to RGB: each channel is its ink's complement times black's. Adobe's files (the usual
/// CMYK JPEGs, marked by their APP14 segment) store the inks inverted.
static void cmyk_to_rgb(const uint8_t *cmyk, uint8_t *rgb, JDIMENSION width, int inverted) {
    unsigned flip = inverted ? 0 : 255;
    for (JDIMENSION x = 0; x < width; x++, cmyk += 4, rgb += 3) {
        unsigned k = cmyk[3] ^ flip;
        rgb[0] = (uint8_t)(((cmyk[0] ^ flip) * k + 127) / 255);
        rgb[1] = (uint8_t)(((cmyk[1] ^ flip) * k + 127) / 255);
        rgb[2] = (uint8_t)(((cmyk[2] ^ flip) * k + 127) / 255);
    }
}

cic_status cic_jpeg_decoder_read(cic_jpeg_decoder *decoder, uint8_t *pixels, size_t stride) {
    if (setjmp(decoder->error.jump)) return failure(decoder);
    struct jpeg_decompress_struct *info = &decoder->info;
    decoder->api->start_decompress(info);
    if (info->out_color_space == JCS_CMYK) {
        decoder->cmyk_row = malloc((size_t)info->output_width * 4);
        if (decoder->cmyk_row == NULL) {
            snprintf(decoder->message, sizeof decoder->message, "out of memory");
            return CIC_NO_MEMORY;
        }
        while (info->output_scanline < info->output_height) {
            uint8_t *target = pixels + (size_t)info->output_scanline * stride;
            JSAMPROW row = decoder->cmyk_row;
            if (decoder->api->read_scanlines(info, &row, 1) == 1)
                cmyk_to_rgb(decoder->cmyk_row, target, info->output_width, info->saw_Adobe_marker);
        }
    } else {
        JSAMPROW rows[16];
        while (info->output_scanline < info->output_height) {
            JDIMENSION count = info->output_height - info->output_scanline;
            if (count > 16) count = 16;
            for (JDIMENSION index = 0; index < count; index++)
                rows[index] = pixels + (size_t)(info->output_scanline + index) * stride;
            decoder->api->read_scanlines(info, rows, count);
        }
    }
    if (decoder->ran_out) {
        snprintf(decoder->message, sizeof decoder->message, "the JPEG data ends before the image does");
        return CIC_TRUNCATED;
    }
    decoder->api->finish_decompress(info);
    return CIC_OK;
}

const char *cic_jpeg_decoder_message(const cic_jpeg_decoder *decoder) { return decoder->message; }

void cic_jpeg_decoder_destroy(cic_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    if (setjmp(decoder->error.jump) == 0 && decoder->info.mem != NULL) decoder->api->destroy_decompress(&decoder->info);
    free(decoder->cmyk_row);
    free(decoder);
}
