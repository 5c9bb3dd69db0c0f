;;; jsonrpc_el_session.el --- one feedvm session through Emacs's own jsonrpc.el  -*- lexical-binding: t -*-
;; Content-Length framing, as for a language server: transform, reload, one load-more, then
;; shutdown and exit.  Run: FEEDVM_BIN=... FEEDVM_CACHE=... FEEDVM_OUT=result.json emacs --batch -Q -l this-file
(require 'jsonrpc)
(require 'json)

(let* ((notifications '())
       (answers '())
       (failure nil)
       (process (make-process :name "feedvm"
                              :command (list (getenv "FEEDVM_BIN") "--stdio" "--cache-dir" (getenv "FEEDVM_CACHE"))
                              :connection-type 'pipe
                              :coding 'utf-8-emacs-unix
                              :noquery t
                              :stderr (get-buffer-create "*feedvm stderr*")))
       (connection (make-instance 'jsonrpc-process-connection
                                  :name "feedvm"
                                  :process process
                                  :notification-dispatcher
                                  (lambda (_connection method params)
                                    (push (list :method (symbol-name method)
                                                :status (plist-get params :status)
                                                :revision (plist-get params :revision))
                                          notifications)))))
  (condition-case problem
      (cl-flet ((call (method params)
                  (let ((answer (jsonrpc-request connection method params :timeout 20)))
                    (push (list :method (symbol-name method) :result answer) answers)
                    answer)))
        (let ((session (plist-get (call 'transform '(:input (:source "stub" :pageSize 10 :total 25))) :session)))
          (call 'bindRefreshStatus (list :session session))
          (call 'requestCommand (list :session session :reload t))
          (call 'requestCommand (list :session session :reload :json-false))
          (call 'shutdown (make-hash-table))
          (jsonrpc-notify connection 'exit (make-hash-table))
          (with-timeout (5 (error "feedvm did not exit"))
            (while (process-live-p process) (accept-process-output process 0.05)))))
    (error (setq failure (error-message-string problem))))
  (with-temp-file (getenv "FEEDVM_OUT")
    (insert (json-encode (list :notifications (vconcat (reverse notifications))
                               :answers (vconcat (reverse answers))
                               :exit (process-exit-status process)
                               :failure failure))))
  (kill-emacs 0))
