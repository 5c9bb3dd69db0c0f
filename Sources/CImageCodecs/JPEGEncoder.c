// Encodes JPEG through libjpeg-turbo into a growing malloc'd buffer; see include/CImageCodecs.h.
#include "CImageCodecs.h"
#include "Tables.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct cic_jpeg_encoder {
    struct jpeg_compress_struct info;
    struct {
        struct jpeg_error_mgr manager;
        jmp_buf jump;
    } error;
    struct jpeg_destination_mgr destination;
    uint8_t *buffer;
    size_t capacity;
    int out_of_memory;
};

static void error_exit(j_common_ptr info) {
    struct cic_jpeg_encoder *encoder = (struct cic_jpeg_encoder *)info;
    longjmp(encoder->error.jump, 1);
}

static void emit_message(j_common_ptr info, int level) {
    if (level < 0) info->err->num_warnings++;
}

static void init_destination(j_compress_ptr info) {
    struct cic_jpeg_encoder *encoder = (struct cic_jpeg_encoder *)info;
    info->dest->next_output_byte = encoder->buffer;
    info->dest->free_in_buffer = encoder->capacity;
}

/// The buffer is full: double it and go on where it ended.
static boolean empty_output_buffer(j_compress_ptr info) {
    struct cic_jpeg_encoder *encoder = (struct cic_jpeg_encoder *)info;
    size_t used = encoder->capacity;
    uint8_t *grown = realloc(encoder->buffer, encoder->capacity * 2);
    if (grown == NULL) {
        encoder->out_of_memory = 1;
        info->err->msg_code = 0;
        error_exit((j_common_ptr)info);
    }
    encoder->buffer = grown;
    encoder->capacity *= 2;
    info->dest->next_output_byte = grown + used;
    info->dest->free_in_buffer = encoder->capacity - used;
    return TRUE;
}

static void term_destination(j_compress_ptr info) { (void)info; }

cic_status cic_jpeg_encode(const void *table, const uint8_t *pixels, int width, int height, size_t stride, int channels,
                           int quality, uint8_t **output, size_t *output_size, char *message, size_t message_size) {
    const struct cic_jpeg_api *api = table;
    *output = NULL;
    *output_size = 0;
    if (width <= 0 || height <= 0 || (channels != 3 && channels != 4)) {
        snprintf(message, message_size, "cannot encode a %dx%d image of %d channels", width, height, channels);
        return CIC_UNSUPPORTED;
    }
    struct cic_jpeg_encoder *encoder = calloc(1, sizeof *encoder);
    if (encoder != NULL) {
        encoder->capacity = (size_t)width * (size_t)height / 4 + 4096;
        encoder->buffer = malloc(encoder->capacity);
    }
    if (encoder == NULL || encoder->buffer == NULL) {
        free(encoder);
        snprintf(message, message_size, "out of memory");
        return CIC_NO_MEMORY;
    }
    encoder->info.err = api->std_error(&encoder->error.manager);
    encoder->error.manager.error_exit = error_exit;
    encoder->error.manager.emit_message = emit_message;
    if (setjmp(encoder->error.jump)) {
        cic_status status = encoder->out_of_memory ? CIC_NO_MEMORY : CIC_CORRUPT;
        if (encoder->out_of_memory) snprintf(message, message_size, "out of memory");
        else {
            char text[JMSG_LENGTH_MAX];
            encoder->error.manager.format_message((j_common_ptr)&encoder->info, text);
            snprintf(message, message_size, "%s", text);
        }
        if (encoder->info.mem != NULL) api->destroy_compress(&encoder->info);
        free(encoder->buffer);
        free(encoder);
        return status;
    }
    api->create_compress(&encoder->info, JPEG_LIB_VERSION, sizeof encoder->info);
    encoder->destination.init_destination = init_destination;
    encoder->destination.empty_output_buffer = empty_output_buffer;
    encoder->destination.term_destination = term_destination;
    encoder->info.dest = &encoder->destination;
    encoder->info.image_width = (JDIMENSION)width;
    encoder->info.image_height = (JDIMENSION)height;
    encoder->info.input_components = channels;
    encoder->info.in_color_space = channels == 4 ? JCS_EXT_RGBX : JCS_RGB;
    api->set_defaults(&encoder->info);
    api->set_quality(&encoder->info, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    api->start_compress(&encoder->info, TRUE);
    JSAMPROW rows[16];
    while (encoder->info.next_scanline < encoder->info.image_height) {
        JDIMENSION count = encoder->info.image_height - encoder->info.next_scanline;
        if (count > 16) count = 16;
        for (JDIMENSION index = 0; index < count; index++)
            rows[index] = (JSAMPROW)(pixels + (size_t)(encoder->info.next_scanline + index) * stride);
        api->write_scanlines(&encoder->info, rows, count);
    }
    api->finish_compress(&encoder->info);
    *output = encoder->buffer;
    *output_size = encoder->capacity - encoder->destination.free_in_buffer;
    api->destroy_compress(&encoder->info);
    free(encoder);
    return CIC_OK;
}
